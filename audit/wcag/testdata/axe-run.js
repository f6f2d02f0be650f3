// Runs axe-core in Debian's chromium over the given HTML files and prints
// one line per violation/incomplete node: file rule impact target.
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');
const axeSrc = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage();
  for (const f of process.argv.slice(2)) {
    await page.goto('file://' + path.resolve(f));
    await page.addScriptTag({ content: axeSrc });
    const res = await page.evaluate(async () => await axe.run(document, { resultTypes: ['violations', 'incomplete'] }));
    for (const kind of ['violations', 'incomplete']) {
      for (const v of res[kind]) {
        for (const n of v.nodes) {
          console.log([path.basename(f), kind, v.id, v.impact, v.tags.filter(t => /^wcag\d|best-practice/.test(t)).join(','), n.target.join(' ')].join('\t'));
        }
      }
    }
  }
  await browser.close();
})().catch(e => { console.error(e); process.exit(1); });
