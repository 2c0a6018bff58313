import { launchBrowser, startLocalServer } from './localPortal.ts';
const server = await startLocalServer({ startTimeoutMs: 300_000, env: {} });
const browser = await launchBrowser();
try {
  for (const path of ['/nowhere']) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      let n = 0;
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (...args: Parameters<History['pushState']>) => {
          n++;
          
          return original(...args);
        };
      }
    });
    page.on('console', (m) => console.log('CONSOLE', m.text().slice(0, 3000)));
    let navs = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navs++; });
    const urls: string[] = [];
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) urls.push(f.url().replace(server.url,'')); });
    await page.goto(server.url + path);
    for (const t of [500, 1000, 2000]) { await page.waitForTimeout(t); console.log('  after', t, navs, JSON.stringify((await page.evaluate(() => document.body.innerText)).slice(0, 200))); }
    console.log(path, 'navigations', navs, urls.slice(0, 8).join('\n   '), '→', new URL(page.url()).pathname);
    await page.close();
  }
} finally { await browser.close(); await server.stop(); }
