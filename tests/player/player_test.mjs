// The reference player (examples/player) in a real browser: makes a corpus with a few puzzles of
// every level and an app pack of it with hints, serves the page beside the pack, and drives
// headless Chromium at desktop width (1280 px, mouse and keyboard) and phone width (375 px,
// touch). At each width it plays one puzzle of every level to the end through Hint and Apply
// alone and compares the board with the pack's solution; it also checks a wrong digit, pencil
// marks and undo, and that a file that is not an app pack and a pack of a newer format get a
// clear message. Any console error or uncaught exception in the page fails the test.
//
//   node player_test.mjs --binary SUDOKU_CORPUS --work DIR [--screenshots DIR] [--pack FILE]
//
// --screenshots: where player_desktop.png and player_phone.png go (default: DIR).
// --pack: play this pack instead of making one. Exit 0 passed, 1 failed, 77 skipped (no
// Chromium, or no sql.js in examples/player/node_modules: `npm ci` there).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from './cdp.mjs';

const SKIP = 77;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PLAYER = path.resolve(HERE, '../../examples/player');
const LEVELS = 'beginner,easy,medium,hard,expert,extreme';
const PER_LEVEL = 2;
const MAX_HINTS = 400; // more steps than any path of a 17-clue puzzle
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900, scale: 1, mobile: false },
  { name: 'phone', width: 375, height: 740, scale: 2, mobile: true },
];

function log(text) {
  console.log(`[player] ${text}`);
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!args.binary || !args.work) throw new Error('usage: player_test.mjs --binary BIN --work DIR');
  args.screenshots ??= args.work;
  return args;
}

// Debian's chromium (or $CHROMIUM), or null.
function findChromium() {
  const candidates = [process.env.CHROMIUM, 'chromium', 'chromium-browser'].filter(Boolean);
  for (const name of candidates) {
    try {
      return execFileSync('sh', ['-c', `command -v "${name}"`]).toString().trim();
    } catch {
      // not on PATH: try the next name
    }
  }
  return null;
}

// The corpus and pack the suite plays, and the bad files: not SQLite, and a pack of format 99.
function makeFiles(args, SQL) {
  const pack = args.pack ?? path.join(args.work, 'pack.db');
  const corpus = path.join(args.work, 'corpus.db');
  if (!args.pack) {
    execFileSync(args.binary, ['generate', '--count', String(PER_LEVEL * 6), '--level', LEVELS,
                               '--seed', '11', '--threads', '2', '--db', corpus], { stdio: 'ignore' });
    execFileSync(args.binary, ['export', '--db', corpus, '--format', 'sqlite', '--hints', '-o', pack]);
  }
  const noHints = path.join(args.work, 'no-hints.db');
  if (!args.pack) execFileSync(args.binary, ['export', '--db', corpus, '--format', 'sqlite', '-o', noHints]);
  const notPack = path.join(args.work, 'notes.db');
  fs.writeFileSync(notPack, 'These are notes, not an app pack.\n'.repeat(40));
  const db = new SQL.Database(fs.readFileSync(pack));
  const levels = db.exec('SELECT level, name FROM levels WHERE puzzles > 0 ORDER BY level')[0].values;
  const solutions = new Map(db.exec('SELECT id, solution, level FROM puzzles')[0].values
    .map(([id, solution, level]) => [id, { solution, level }]));
  db.exec('PRAGMA user_version = 99');
  const newer = path.join(args.work, 'newer.db');
  fs.writeFileSync(newer, db.export());
  db.close();
  return { pack, notPack, newer, noHints: args.pack ? null : noHints, corpus: args.pack ? null : corpus,
           levels, solutions };
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
                '.wasm': 'application/wasm', '.db': 'application/octet-stream' };

// A static server of examples/player on a free port of 127.0.0.1, with `extra` files
// (URL path -> file) beside the page. Resolves to the server and its base URL.
function serve(extra) {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = extra[url] ?? path.join(PLAYER, path.normalize(url === '/' ? '/index.html' : url));
    if (!file.startsWith(PLAYER + path.sep) && !Object.values(extra).includes(file)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) res.writeHead(404).end('not found');
      else res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ server, base: `http://127.0.0.1:${server.address().port}/` });
  }));
}

// A page at one width that records every console error and uncaught exception in `errors`.
async function openPage(browser, size, errors) {
  const page = await browser.newPage();
  page.onEvent((method, p) => {
    if (method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'assert')) {
      errors.push(`${size.name}: console.${p.type}: ${p.args.map((a) => a.value ?? a.description).join(' ')}`);
    } else if (method === 'Runtime.exceptionThrown') {
      const d = p.exceptionDetails;
      errors.push(`${size.name}: uncaught: ${d.exception?.description ?? d.text}`);
    } else if (method === 'Log.entryAdded' && p.entry.level === 'error') {
      errors.push(`${size.name}: ${p.entry.text} ${p.entry.url ?? ''}`);
    }
  });
  await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable'].map((m) => page.send(m)));
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: size.width, height: size.height, deviceScaleFactor: size.scale, mobile: size.mobile,
  });
  if (size.mobile) await page.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  return page;
}

async function open(page, url) {
  await page.send('Page.navigate', { url });
  await page.waitFor(`document.readyState === 'complete' &&
    (!document.getElementById('play').hidden || !document.getElementById('message').hidden)`,
  `the page at ${url}`);
}

const BOARD = `[...document.querySelectorAll('#board .cell')].map((c) => c.dataset.value).join('')`;
const HINT = `(() => ({
  hidden: document.getElementById('hint').hidden,
  title: document.getElementById('hint-title').textContent,
  lines: [...document.querySelectorAll('#hint-lines li')].map((li) => li.textContent),
  status: document.getElementById('status').textContent,
}))()`;

function cellName(c) {
  return `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`;
}

// Plays the puzzle on the page through Hint and Apply alone; calls onHint(hint, n) after each
// hint is shown. Resolves to the number of hints.
async function playThroughHints(page, onHint) {
  for (let n = 0; n < MAX_HINTS; n++) {
    if (await page.evaluate(`document.getElementById('board').dataset.solved === 'true'`)) return n;
    await page.click('#hint-button');
    const hint = await page.evaluate(HINT);
    if (hint.hidden) throw new Error(`Hint showed no step (status: ${hint.status})`);
    if (hint.title === 'A digit is wrong') throw new Error(`Hint found a wrong digit: ${hint.lines}`);
    if (!hint.title || /^Technique \d/.test(hint.title) || hint.lines.length === 0) {
      throw new Error(`a hint without a technique's title or a line: ${JSON.stringify(hint)}`);
    }
    await onHint(hint, n);
    await page.click('#apply');
  }
  throw new Error(`not solved after ${MAX_HINTS} hints`);
}

// Plays one puzzle of every level and checks each against the pack's solution. The screenshot
// shows the hardest level's puzzle with the first hint of removals after a few steps.
async function playEveryLevel(page, size, files) {
  let shot = null;
  for (const [i, [level, name]] of files.levels.entries()) {
    await page.click(`#levels button[data-level="${level}"]`);
    await page.waitFor(`document.querySelector('#levels button.active')?.dataset.level === '${level}'`, `level ${name}`);
    const id = Number(await page.evaluate(`document.getElementById('board').dataset.puzzleId`));
    const last = i === files.levels.length - 1;
    const hints = await playThroughHints(page, async (hint, n) => {
      if (last && !shot && n >= 6 && hint.lines.some((l) => l.startsWith('removes'))) shot = await page.screenshot();
    });
    const board = await page.evaluate(BOARD);
    const stored = files.solutions.get(id);
    if (!stored || stored.level !== level) throw new Error(`${name}: the page played puzzle ${id}, not one of level ${level}`);
    if (board !== stored.solution) throw new Error(`${name}: puzzle ${id} ends as ${board}, not ${stored.solution}`);
    const status = await page.evaluate(`document.getElementById('status').textContent`);
    if (!status.startsWith('Solved')) throw new Error(`${name}: solved board, status "${status}"`);
    log(`${size.name}: ${name} puzzle ${id} solved with ${hints} hints`);
  }
  return shot ?? page.screenshot();
}

// An empty cell of the puzzle on the page, and its solution digit.
async function emptyCell(page, files) {
  const id = Number(await page.evaluate(`document.getElementById('board').dataset.puzzleId`));
  const board = await page.evaluate(BOARD);
  const cell = board.indexOf('0');
  return { cell, digit: Number(files.solutions.get(id).solution[cell]) };
}

// Keyboard and mouse at the desktop: a wrong digit is what Hint points at first, and Apply
// erases it; Shift+digit sets a pencil mark; Ctrl+Z takes it back.
async function checkKeyboard(page, files) {
  const { cell, digit } = await emptyCell(page, files);
  const wrong = (digit % 9) + 1;
  const value = `document.querySelector('#board [data-cell="${cell}"]').dataset.value`;
  await page.click(`#board [data-cell="${cell}"]`);
  await page.press(String(wrong), `Digit${wrong}`, 0, String(wrong));
  await page.waitFor(`${value} === '${wrong}'`, `${wrong} typed into ${cellName(cell)}`);
  await page.click('#hint-button');
  const hint = await page.evaluate(HINT);
  if (hint.title !== 'A digit is wrong' || !hint.lines.includes(`${cellName(cell)} is not ${wrong}`)) {
    throw new Error(`Hint did not point at the wrong ${cellName(cell)}: ${JSON.stringify(hint)}`);
  }
  await page.click('#apply');
  await page.waitFor(`${value} === '0'`, `the wrong digit erased by Apply`);
  const marks = `document.querySelector('#board [data-cell="${cell}"]').textContent`;
  await page.press('#', 'Digit3', 8);
  await page.waitFor(`${marks} === '3'`, 'a pencil mark 3 by Shift+3');
  await page.press('z', 'KeyZ', 2);
  await page.waitFor(`${marks} === ''`, 'the mark undone by Ctrl+Z');
}

// Touch at the phone: a tap on a cell and on a digit of the keypad places it; Undo takes it back.
async function checkTouch(page, files) {
  const { cell, digit } = await emptyCell(page, files);
  const value = `document.querySelector('#board [data-cell="${cell}"]').dataset.value`;
  await page.tap(`#board [data-cell="${cell}"]`);
  await page.waitFor(`document.querySelector('#board [data-cell="${cell}"]').classList.contains('selected')`, 'a tapped cell selected');
  await page.tap(`#keypad [data-digit="${digit}"]`);
  await page.waitFor(`${value} === '${digit}'`, `${digit} tapped into ${cellName(cell)}`);
  await page.tap('#undo');
  await page.waitFor(`${value} === '0'`, 'the digit undone by a tap on Undo');
}

// A file that is not an app pack, a pack of a newer format, and a plain SQLite database that is
// not a pack: each gets its message in the page; a pack without hints plays and Hint says it has
// none; then a good pack picked in the file picker plays.
async function checkBadFiles(page, base, files) {
  const message = `!document.getElementById('message').hidden && document.getElementById('message').textContent`;
  await open(page, `${base}index.html?pack=notes.db`);
  const notPack = await page.waitFor(message, 'the message for a file that is not a pack');
  if (!/notes\.db is not an app pack/.test(notPack)) throw new Error(`not a pack: "${notPack}"`);
  await open(page, `${base}index.html?pack=newer.db`);
  const newer = await page.waitFor(message, 'the message for a newer pack');
  if (!/format 99, newer than this player reads/.test(newer)) throw new Error(`newer pack: "${newer}"`);
  if (files.noHints) {
    await open(page, `${base}index.html?pack=no-hints.db`);
    await page.click('#hint-button');
    const said = await page.evaluate(`document.getElementById('status').textContent`);
    if (!said.includes('no hints')) throw new Error(`Hint on a pack without hints: "${said}"`);
  }
  const { root } = await page.send('DOM.getDocument');
  const { nodeId } = await page.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#file' });
  if (files.corpus) {
    await page.send('DOM.setFileInputFiles', { nodeId, files: [files.corpus] });
    await page.waitFor(`(${message} || '').includes('corpus.db is not an app pack')`, 'the message for a corpus');
  }
  await page.send('DOM.setFileInputFiles', { nodeId, files: [files.pack] });
  await page.waitFor(`document.getElementById('message').hidden && !document.getElementById('play').hidden &&
    document.getElementById('board').dataset.puzzleId`, 'a pack picked in the file picker');
  log('bad files: clear messages; a pack without hints says so; a picked pack plays');
}

async function run(args, SQL, chromium) {
  fs.mkdirSync(args.work, { recursive: true });
  const files = makeFiles(args, SQL);
  log(`pack ${files.pack}: ${files.solutions.size} puzzles, levels ${files.levels.map((l) => l[1]).join(', ')}`);
  const { server, base } = await serve({ '/pack.db': files.pack, '/notes.db': files.notPack,
                                          '/newer.db': files.newer, '/no-hints.db': files.noHints });
  const browser = Browser.launch(chromium, path.join(args.work, 'profile'));
  const errors = [];
  try {
    for (const size of WIDTHS) {
      const page = await openPage(browser, size, errors);
      await open(page, `${base}index.html`);
      if (size.mobile) await checkTouch(page, files);
      else await checkKeyboard(page, files);
      const png = await playEveryLevel(page, size, files);
      fs.mkdirSync(args.screenshots, { recursive: true });
      fs.writeFileSync(path.join(args.screenshots, `player_${size.name}.png`), png);
      if (!size.mobile) await checkBadFiles(page, base, files);
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (errors.length) throw new Error(`errors in the page:\n  ${errors.join('\n  ')}`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const chromium = findChromium();
  if (!chromium) {
    log('SKIP: no chromium on PATH (apt-get install chromium; scripts/test.sh installs it)');
    return SKIP;
  }
  let initSqlJs;
  try {
    initSqlJs = createRequire(path.join(PLAYER, 'package.json'))('sql.js');
  } catch {
    log('SKIP: no sql.js in examples/player/node_modules (run `npm ci` there; scripts/test.sh does)');
    return SKIP;
  }
  const SQL = await initSqlJs();
  try {
    await run(args, SQL, chromium);
  } catch (e) {
    log(`FAILED: ${e.message}`);
    return 1;
  }
  log('passed');
  return 0;
}

process.exitCode = await main();
