// The reference player of an app pack (docs/player.md): opens a pack (pack.db beside the page, a
// file named by ?pack=, or one the player picks), lists its levels and plays their puzzles, with
// the hints of the puzzle's stored path. sql.js is loaded by index.html from node_modules.
import { Game } from './board.js';
import { HINTS_FORMAT, HintsError, decodeHints, nextStep } from './hints.js';
import { PackError, openPack } from './pack.js';
import { buildBoard, drawBoard, drawHint } from './view.js';

const $ = (id) => document.getElementById(id);
const SQL_JS_DIR = 'node_modules/sql.js/dist/';

// Everything the page shows. game: the puzzle being played; steps: its decoded hints, or null
// with hintsProblem saying why; hint: the hint shown ({index} or {mistakes}), or null; passed:
// the removal-only steps the player applied or went past.
const ui = {
  SQL: null, pack: null, level: null, puzzle: null, game: null, steps: null, hintsProblem: '',
  hint: null, passed: new Set(), selected: null, pencil: false, checked: new Set(), hintsUsed: 0,
};

function showMessage(text) {
  const message = $('message');
  message.textContent = text;
  message.hidden = !text;
  message.classList.toggle('error', Boolean(text));
}

function status(text) {
  $('status').textContent = text;
}

function draw() {
  drawBoard(ui.game, ui, ui.steps);
  drawHint(ui, ui.steps, ui.pack);
  $('pencil').setAttribute('aria-pressed', ui.pencil);
  $('undo').disabled = ui.game.history.length === 0;
}

// Shows the pack's levels, easiest first, each with its count of puzzles.
function drawLevels() {
  const nav = $('levels');
  nav.replaceChildren();
  for (const level of ui.pack.levels) {
    const button = document.createElement('button');
    button.dataset.level = level.level;
    button.disabled = level.puzzles === 0;
    const name = level.name[0].toUpperCase() + level.name.slice(1);
    const band = level.max_rating === null ? `${level.min_rating}+` : `${level.min_rating}–${level.max_rating}`;
    button.innerHTML = `<span class="name"></span> <span class="count"></span>`;
    button.querySelector('.name').textContent = name;
    button.querySelector('.count').textContent = level.puzzles;
    button.title = `SE rating ${band}: ${level.puzzles} puzzles`;
    button.addEventListener('click', () => newPuzzle(level.level));
    nav.append(button);
  }
}

// The hints of the puzzle, decoded; else null, with ui.hintsProblem saying why.
function loadHints(puzzle) {
  ui.hintsProblem = '';
  if (ui.pack.hintsFormat === null || puzzle.hints === null) {
    ui.hintsProblem = 'This pack has no hints: export it with --hints to have them.';
  } else if (ui.pack.hintsFormat > HINTS_FORMAT) {
    ui.hintsProblem = `This pack's hints are of format ${ui.pack.hintsFormat}; this player reads ${HINTS_FORMAT}.`;
  } else {
    try {
      return decodeHints(puzzle.hints);
    } catch (e) {
      if (!(e instanceof HintsError)) throw e;
      ui.hintsProblem = `The hints of puzzle ${puzzle.id} cannot be read (${e.message}).`;
    }
  }
  return null;
}

// Starts a puzzle of `level`, chosen at random among the level's puzzles.
function newPuzzle(level) {
  const info = ui.pack.levels.find((l) => l.level === level);
  let puzzle;
  try {
    puzzle = ui.pack.puzzle(level, Math.floor(Math.random() * info.puzzles));
  } catch (e) {
    return showMessage(e.message);
  }
  if (!puzzle) return;
  Object.assign(ui, { level, puzzle, game: new Game(puzzle.givens, puzzle.solution), hint: null,
                      passed: new Set(), selected: null, checked: new Set(), hintsUsed: 0 });
  ui.steps = loadHints(puzzle);
  for (const b of $('levels').children) b.classList.toggle('active', Number(b.dataset.level) === level);
  const name = info.name[0].toUpperCase() + info.name.slice(1);
  $('puzzle-info').textContent = `${name} · puzzle ${puzzle.id} · rating ${puzzle.rating.toFixed(1)}`;
  $('board').dataset.puzzleId = puzzle.id;
  status(ui.hintsProblem || `${ui.game.emptyCount()} cells to fill.`);
  draw();
}

// After any change of the board: the shown hint and the checked cells no longer hold.
function changed() {
  ui.hint = null;
  ui.checked = new Set();
  if (ui.game.solved()) {
    status(`Solved! ${ui.hintsUsed} hint${ui.hintsUsed === 1 ? '' : 's'} used.`);
  } else {
    status(`${ui.game.emptyCount()} cells to fill.`);
  }
  draw();
}

function enterDigit(digit, pencil) {
  const c = ui.selected;
  const game = ui.game;
  if (c === null || game.isGiven(c)) return;
  if (pencil && digit !== 0) {
    if (game.values[c] !== 0) return;
    game.save();
    game.toggleMark(c, digit);
  } else {
    if (game.values[c] === digit && digit !== 0) return;
    game.save();
    if (digit === 0 && game.values[c] === 0) game.marks[c] = 0;
    game.place(c, digit);
  }
  changed();
}

function select(cell) {
  ui.selected = cell;
  draw();
}

// Hint: a wrong digit first; else the next step of the stored path not done on the board.
function showHint() {
  if (!ui.steps) return status(ui.hintsProblem);
  const mistakes = ui.game.mistakes();
  if (mistakes.length) {
    ui.hint = { mistakes };
  } else {
    const index = nextStep(ui.steps, ui.game.values, ui.passed);
    if (index < 0) return status('No step is left: the puzzle is solved.');
    ui.hint = { index };
  }
  ++ui.hintsUsed;
  draw();
  // On a phone the panel is below the controls: bring it into view.
  $('hint').scrollIntoView({ block: 'nearest' });
}

// Apply: erases the wrong digits, or makes the step's placements and removals. Removals act on
// pencil marks, so the empty cells without marks get their candidates first.
function applyHint() {
  const game = ui.game;
  game.save();
  if (ui.hint.mistakes) {
    ui.hint.mistakes.forEach((c) => game.place(c, 0));
  } else {
    const step = ui.steps[ui.hint.index];
    step.placements.forEach((p) => game.place(p.cell, p.digit));
    if (step.removals.length) game.fillMarks();
    step.removals.forEach((r) => game.removeMark(r.cell, r.digit));
    ui.passed.add(ui.hint.index);
  }
  changed();
}

// Next: the player goes past a step of removals without applying it; the step after is shown.
function nextHint() {
  ui.passed.add(ui.hint.index);
  ui.hint = null;
  showHint();
}

function check() {
  ui.checked = new Set(ui.game.mistakes());
  const n = ui.checked.size;
  if (ui.game.solved()) status('Solved: every digit is right.');
  else if (n) status(`${n} digit${n === 1 ? ' is' : 's are'} wrong (marked).`);
  else status(`No mistakes so far; ${ui.game.emptyCount()} cells to fill.`);
  draw();
}

function reveal(cells) {
  const open = cells.filter((c) => ui.game.values[c] !== ui.game.solution[c]);
  if (!open.length) return;
  ui.game.save();
  open.forEach((c) => ui.game.place(c, ui.game.solution[c]));
  changed();
}

function undo() {
  if (ui.game.undo()) changed();
}

const ARROWS = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };

function onKey(e) {
  if (!ui.game || e.target instanceof HTMLInputElement || e.altKey) return;
  const digit = /^(Digit|Numpad)([0-9])$/.exec(e.code);
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') undo();
  else if (e.ctrlKey || e.metaKey) return;
  else if (digit) enterDigit(Number(digit[2]), ui.pencil || e.shiftKey);
  else if (e.key === 'Backspace' || e.key === 'Delete') enterDigit(0, false);
  else if (ARROWS[e.key]) select(((ui.selected ?? 40) + ARROWS[e.key] + 81) % 81);
  else if (e.key === 'p' || e.key === 'P') togglePencil();
  else if (e.key === 'h' || e.key === 'H') showHint();
  else return;
  e.preventDefault();
}

function togglePencil() {
  ui.pencil = !ui.pencil;
  draw();
}

function wireControls() {
  buildBoard(select);
  for (const b of $('keypad').querySelectorAll('[data-digit]')) {
    b.addEventListener('click', () => enterDigit(Number(b.dataset.digit), ui.pencil));
  }
  const on = (id, f) => $(id).addEventListener('click', () => ui.game && f());
  on('pencil', togglePencil);
  on('hint-button', showHint);
  on('apply', applyHint);
  on('next', nextHint);
  on('close-hint', () => { ui.hint = null; draw(); });
  on('undo', undo);
  on('check', check);
  on('reveal', () => (ui.selected === null ? status('Select a cell to reveal.') : reveal([ui.selected])));
  on('reveal-all', () => reveal([...Array(81).keys()]));
  on('new-puzzle', () => newPuzzle(ui.level));
  document.addEventListener('keydown', onKey);
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) usePack(new Uint8Array(await file.arrayBuffer()), file.name);
    e.target.value = '';
  });
}

// Opens the bytes of a pack; on a file that is not one, says so and keeps the page as it was.
function usePack(bytes, name) {
  let pack;
  try {
    pack = openPack(ui.SQL, bytes, name);
  } catch (e) {
    if (!(e instanceof PackError)) throw e;
    return showMessage(e.message);
  }
  ui.pack?.close();
  ui.pack = pack;
  showMessage('');
  $('pack-name').textContent = `${name}: ${pack.meta.puzzles ?? '?'} puzzles`;
  $('play').hidden = false;
  drawLevels();
  const first = pack.levels.find((l) => l.puzzles > 0);
  if (first) newPuzzle(first.level);
  else showMessage(`${name} holds no puzzles.`);
}

async function main() {
  if (typeof initSqlJs !== 'function') {
    return showMessage('sql.js is missing: run `npm ci` in examples/player, then reload.');
  }
  wireControls();
  ui.SQL = await initSqlJs({ locateFile: (file) => SQL_JS_DIR + file });
  const name = new URLSearchParams(location.search).get('pack') ?? 'pack.db';
  const response = await fetch(name).catch(() => null);
  if (response?.ok) usePack(new Uint8Array(await response.arrayBuffer()), name);
  else showMessage(`No ${name} beside the page: open an app pack with the button above.`);
}

main();
