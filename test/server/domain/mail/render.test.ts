import { inlineImages, type StoredImage } from '../../../../server/domain/mail/index.ts';

/** inlineImages (server/domain/mail/render.ts): a message's `cid:` images as data: URLs, for the outbox. */

const image = (cid: string, contentType = 'image/png', base64 = 'AAEC'): StoredImage => ({
  cid,
  fileName: `${cid}.png`,
  contentType,
  base64,
});

describe('inlineImages', () => {
  it('replaces every reference to an image, in either quotes', () => {
    const html = `<img src="cid:qr"><img src='cid:qr'><div style="background:url(cid:qr)"></div>`;
    expect(inlineImages(html, [image('qr')])).toBe(
      `<img src="data:image/png;base64,AAEC"><img src='data:image/png;base64,AAEC'><div style="background:url(data:image/png;base64,AAEC)"></div>`,
    );
  });

  it('reads the scheme in any case, and each image by its own cid', () => {
    const html = '<img src="CID:logo@x.test"><img src="cid:qr-1@x.test">';
    expect(
      inlineImages(html, [image('qr-1@x.test', 'image/png', 'QQ=='), image('logo@x.test', 'image/gif')]),
    ).toBe('<img src="data:image/gif;base64,AAEC"><img src="data:image/png;base64,QQ==">');
  });

  it('does not take a longer cid for a shorter one', () => {
    const html = '<img src="cid:qr-10"><img src="cid:qr-1">';
    expect(inlineImages(html, [image('qr-1')])).toBe(
      '<img src="cid:qr-10"><img src="data:image/png;base64,AAEC">',
    );
  });

  it('treats the cid literally, not as a pattern', () => {
    expect(inlineImages('<img src="cid:a.b"><img src="cid:axb">', [image('a.b')])).toBe(
      '<img src="data:image/png;base64,AAEC"><img src="cid:axb">',
    );
  });

  it('leaves unknown cids, and attachments that are not images or not base64, as they are', () => {
    const html = '<img src="cid:page"><img src="cid:odd"><img src="cid:other">';
    expect(inlineImages(html, [image('page', 'text/html'), image('odd', 'image/png', '"><script>')])).toBe(
      html,
    );
  });
});
