import { DOMParser } from '@xmldom/xmldom';

/**
 * Whether an uploaded SVG may be stored and served (themes, service template icons, token pack images are
 * public): the text is parsed as XML, a real parser that decodes character references (`jav&#x61;script:`)
 * and resolves namespace prefixes (`<h:script>` in the XHTML namespace), and every element and attribute
 * must be on the allow-lists below. Anything else is refused, not cleaned: what is served is what was sent.
 *
 * Refused: scripts, event handlers, foreign content (XHTML, MathML, foreignObject), animation elements that
 * can rewrite a link, links other than to a fragment of the file or an embedded raster image, entity
 * declarations, style sheets in processing instructions, and CSS that imports or runs something.
 */

export type SvgVerdict = 'safe' | 'unsafe' | 'notSvg';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Namespaces of editors' metadata, never rendered (Inkscape, Sodipodi, RDF, Dublin Core, Creative Commons). */
const INERT_NS: ReadonlySet<string> = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Flows/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/xap/1.0/',
]);

/** The SVG elements of a static picture. */
// biome-ignore format: one list, read by name
const ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata', 'switch', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image', 'view',
  'animateTransform',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
  'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** The SVG attributes of a static picture: geometry, presentation, text, gradients, filters, structure. */
// biome-ignore format: one list, read by name
const ATTRIBUTES: ReadonlySet<string> = new Set([
  // structure and core
  'id', 'class', 'style', 'lang', 'tabindex', 'role', 'version', 'baseProfile', 'viewBox',
  'preserveAspectRatio', 'x', 'y', 'width', 'height', 'transform', 'href', 'requiredFeatures',
  'requiredExtensions', 'systemLanguage', 'zoomAndPan', 'enable-background', 'focusable', 'type', 'media',
  // shapes
  'd', 'pathLength', 'cx', 'cy', 'r', 'rx', 'ry', 'x1', 'y1', 'x2', 'y2', 'points',
  // presentation
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color',
  'color-interpolation', 'color-interpolation-filters', 'color-rendering', 'display', 'visibility',
  'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid',
  'marker-end', 'paint-order', 'vector-effect', 'shape-rendering', 'image-rendering', 'text-rendering',
  'mix-blend-mode', 'isolation', 'transform-origin', 'cursor', 'pointer-events', 'stop-color',
  'stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color',
  // text
  'font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant',
  'font-weight', 'letter-spacing', 'word-spacing', 'text-anchor', 'text-decoration', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'writing-mode', 'direction', 'unicode-bidi', 'dx', 'dy',
  'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'xml:space',
  // gradients, patterns, markers, clips, masks
  'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'fr', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY',
  'orient', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  // filters
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'mode', 'values', 'operator', 'k1', 'k2', 'k3',
  'k4', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'kernelUnitLength',
  'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'scale',
  'xChannelSelector', 'yChannelSelector', 'stdDeviation', 'radius', 'azimuth', 'elevation', 'z',
  'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle', 'baseFrequency', 'numOctaves', 'seed',
  'stitchTiles', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'filterRes',
  // animateTransform (a transform only: it cannot rewrite a link)
  'attributeName', 'attributeType', 'from', 'to', 'by', 'begin', 'dur', 'end', 'repeatCount', 'repeatDur',
  'calcMode', 'keyTimes', 'keySplines', 'additive', 'accumulate', 'restart', 'min', 'max',
]);

/** A link may name a fragment of the file, or embed a raster image. */
const SAFE_LINK = /^(#[\w.:-]*|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*)$/i;

/** What a value must not say once the spaces and control characters a browser skips are gone. */
const ACTIVE_VALUE =
  /javascript:|vbscript:|livescript:|data:text\/html|data:image\/svg|expression\(|@import|behavior:|-moz-binding/i;

/** The text without the white space and control characters a browser skips inside a URL's scheme. */
const squeeze = (text: string) =>
  Array.from(text)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('');

/** Whether CSS (an attribute or a style element) could load or run something: an import, a script URL, a url() leaving the file. */
function activeCss(css: string): boolean {
  const squeezed = squeeze(css).replaceAll('\\', '');
  if (ACTIVE_VALUE.test(squeezed)) return true;
  for (const match of squeezed.matchAll(/url\(([^)]*)\)/gi)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!SAFE_LINK.test(target)) return true;
  }
  return false;
}

const activeValue = (value: string) => ACTIVE_VALUE.test(squeeze(value));

/** Minimal views of xmldom's nodes: what the walk reads. */
interface XmlAttr {
  name: string;
  localName: string;
  namespaceURI: string | null;
  value: string;
}
interface XmlNode {
  nodeType: number;
  nodeName: string;
  localName?: string | null;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  data?: string;
  textContent?: string | null;
  attributes?: { length: number; item(index: number): XmlAttr | null };
  childNodes: { length: number; item(index: number): XmlNode | null };
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PROCESSING_INSTRUCTION = 7;
const COMMENT = 8;
const DOCUMENT_TYPE = 10;

/** Whether one attribute is allowed on an SVG element. */
function attributeAllowed(attribute: XmlAttr): boolean {
  const ns = attribute.namespaceURI || null;
  if (ns === XMLNS_NS || attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) return true;
  if (ns !== null && INERT_NS.has(ns)) return true;
  const local = attribute.localName ?? attribute.name;
  if (/^on/i.test(local)) return false;
  if (local === 'href' && (ns === null || ns === XLINK_NS)) return SAFE_LINK.test(attribute.value.trim());
  if (ns === XLINK_NS)
    return (
      ['title', 'show', 'type', 'role', 'arcrole', 'actuate'].includes(local) && !activeValue(attribute.value)
    );
  if (ns === XML_NS) return local === 'space' || local === 'lang';
  if (ns !== null) return false;
  if (local === 'style') return !activeCss(attribute.value);
  const known = ATTRIBUTES.has(local) || /^(data|aria)-[\w.-]+$/.test(local);
  return (
    known &&
    !activeValue(attribute.value) &&
    !(/\burl\(/i.test(attribute.value) && activeCss(attribute.value))
  );
}

/** Whether a node and everything under it are allowed (`inert`: inside an editor's metadata element). */
function allowed(node: XmlNode, inert: boolean): boolean {
  switch (node.nodeType) {
    case TEXT:
    case CDATA:
    case COMMENT:
      return true;
    case PROCESSING_INSTRUCTION:
      return false;
    case ELEMENT:
      break;
    default:
      return false;
  }
  const ns = node.namespaceURI || null;
  const local = node.localName ?? node.nodeName;
  if (ns !== null && INERT_NS.has(ns)) inert = true;
  else if (ns !== SVG_NS || !ELEMENTS.has(local)) return false;
  else if (inert) return false; // an SVG element inside metadata would still be drawn by some readers
  if (!inert) {
    for (let i = 0; i < (node.attributes?.length ?? 0); i++) {
      const attribute = node.attributes!.item(i);
      if (attribute && !attributeAllowed(attribute)) return false;
    }
  }
  if (local === 'style' && !inert && activeCss(node.textContent ?? '')) return false;
  const metadata = local === 'metadata' && ns === SVG_NS;
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes.item(i);
    if (child && !allowed(child, inert || metadata)) return false;
  }
  return true;
}

/** How an SVG file may begin (after a byte order mark and white space). */
const SVG_START = /^(?:<svg[\s>/]|<\?xml[\s?]|<!--|<!doctype\s+svg[\s>])/i;

/**
 * The verdict on an upload that claims to be SVG: 'notSvg' when it is not well-formed XML whose root is an
 * `svg` element of the SVG namespace; 'unsafe' when something is not on the allow-lists; else 'safe'.
 */
export function svgVerdict(bytes: Buffer): SvgVerdict {
  if (bytes.includes(0)) return 'notSvg';
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!SVG_START.test(text.trimStart())) return 'notSvg';
  // Entity declarations (billion laughs, external entities) are refused before parsing.
  if (/<!ENTITY/i.test(text)) return 'unsafe';
  let broken = false;
  const parser = new DOMParser({
    locator: false,
    // Even what xmldom calls a warning (an end tag that does not match) makes the file malformed.
    errorHandler: {
      warning: () => {
        broken = true;
      },
      error: () => {
        broken = true;
      },
      fatalError: () => {
        broken = true;
      },
    },
  });
  let document: XmlNode & { documentElement?: XmlNode | null };
  try {
    document = parser.parseFromString(text, 'image/svg+xml') as unknown as typeof document;
  } catch {
    return 'notSvg';
  }
  const root = document.documentElement;
  if (broken || !root || (root.localName ?? root.nodeName) !== 'svg' || root.namespaceURI !== SVG_NS) {
    return 'notSvg';
  }
  for (let i = 0; i < document.childNodes.length; i++) {
    const node = document.childNodes.item(i);
    if (!node || node === root) continue;
    // Beside the root: comments, white space, a doctype without declarations; `<?xml-stylesheet?>` is refused.
    if (node.nodeType === COMMENT || node.nodeType === TEXT) continue;
    if (node.nodeType === DOCUMENT_TYPE) continue;
    if (node.nodeType === PROCESSING_INSTRUCTION && node.nodeName === 'xml') continue;
    return 'unsafe';
  }
  return allowed(root, false) ? 'safe' : 'unsafe';
}
