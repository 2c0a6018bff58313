import { svgVerdict } from '../../../server/domain/svg.ts';

/**
 * The SVG allow-list (server/domain/svg.ts): the files editors write pass; every payload that could run a
 * script, load something or expand entities is refused, however it is spelled.
 */

const svg = (body: string, attributes = '') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${body}</svg>`,
  );

const INKSCAPE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="210mm" height="297mm" viewBox="0 0 210 297" version="1.1" id="svg5"
   inkscape:version="1.2 (dc2aedaf03, 2022-05-15)" sodipodi:docname="logo.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"
   xmlns:cc="http://creativecommons.org/ns#">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="0.5"><inkscape:grid type="xygrid" /></sodipodi:namedview>
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:title>Logo</dc:title></cc:Work></rdf:RDF></metadata>
  <defs id="defs2"><linearGradient id="g1"><stop offset="0" style="stop-color:#0a3d62;stop-opacity:1" /></linearGradient></defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:url(#g1);stroke:none" id="rect1" width="100" height="50" x="10" y="10" />
    <text xml:space="preserve" style="font-size:10px;font-family:sans-serif" x="20" y="40"><tspan x="20" y="40">Acme</tspan></text>
  </g>
</svg>`;

const ILLUSTRATOR = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
	 viewBox="0 0 64 64" style="enable-background:new 0 0 64 64;" xml:space="preserve">
<style type="text/css">
	.st0{fill:#E30613;}
</style>
<g data-name="icon"><circle class="st0" cx="32" cy="32" r="30"/>
<image width="8" height="8" xlink:href="data:image/png;base64,iVBORw0KGgo=" /></g>
<use href="#Layer_1" />
</svg>`;

describe('SVG files editors write', () => {
  it.each([
    ['Inkscape, with its namespaces and metadata', INKSCAPE],
    ['Illustrator, with a doctype, a style sheet and an embedded PNG', ILLUSTRATOR],
    ['a plain shape', svg('<path d="M0 0L10 10" fill="red"/>').toString()],
  ])('passes %s', (_name, text) => {
    expect(svgVerdict(Buffer.from(text))).toBe('safe');
  });
});

describe('SVG payloads', () => {
  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    [
      'a script in the XHTML namespace, behind a prefix',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
    ],
    [
      'XHTML in the default namespace of a child',
      svg('<div xmlns="http://www.w3.org/1999/xhtml"><img src="x" /></div>'),
    ],
    [
      'foreignObject',
      svg('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml">x</body></foreignObject>'),
    ],
    ['an event handler', svg('<rect width="1" height="1" onclick="alert(1)"/>')],
    ['an event handler on the root', svg('', ' onload="alert(1)"')],
    ['an event handler in upper case', svg('<rect width="1" height="1" ONMOUSEOVER="alert(1)"/>')],
    [
      'a javascript: link with a character reference',
      svg('<a href="jav&#x61;script:alert(1)"><rect width="1" height="1"/></a>'),
    ],
    [
      'a javascript: image link with a character reference',
      svg('<image xlink:href="jav&#x61;script:alert(1)"/>'),
    ],
    ['a javascript: link with a tab', svg('<use href="java&#9;script:alert(1)"/>')],
    ['an external image', svg('<image href="https://tracker.example/pixel.png"/>')],
    ['an SVG image as data', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['an HTML data URL', svg('<image href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>')],
    ['a link to another document', svg('<use href="other.svg#icon"/>')],
    [
      'an animation that rewrites a link',
      svg('<a><animate attributeName="href" values="javascript:alert(1)"/></a>'),
    ],
    ['a set element', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
    ['a style sheet that imports', svg('<style>@import url(https://evil.example/x.css);</style>')],
    [
      'a style sheet that loads from elsewhere',
      svg('<style>.a{background:url(https://evil.example/x.png)}</style>'),
    ],
    [
      'a style attribute with a script URL',
      svg('<rect width="1" height="1" style="fill:url(javascript:alert(1))"/>'),
    ],
    [
      'an entity declaration',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ),
    ],
    [
      'a style sheet processing instruction',
      Buffer.from(
        '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
    ],
    ['an attribute nobody draws with', svg('<rect width="1" height="1" formaction="x"/>')],
    ['an element of an unknown namespace', svg('<x:thing xmlns:x="urn:example"/>')],
    ['an SVG element hidden in metadata', svg('<metadata><script>alert(1)</script></metadata>')],
  ])('refuses %s', (_name, bytes) => {
    expect(svgVerdict(bytes)).toBe('unsafe');
  });
});

describe('what is not SVG', () => {
  it.each([
    ['HTML', '<html><body><svg></svg></body></html>'],
    ['SVG without its namespace', '<svg viewBox="0 0 1 1"><rect/></svg>'],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['a root that is not svg', '<?xml version="1.0"?><html xmlns="http://www.w3.org/2000/svg"/>'],
    ['text with a NUL byte', '<svg xmlns="http://www.w3.org/2000/svg">\u0000</svg>'],
  ])('answers notSvg for %s', (_name, text) => {
    expect(svgVerdict(Buffer.from(text))).toBe('notSvg');
  });
});
