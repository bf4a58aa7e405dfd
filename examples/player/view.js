// Drawing the board and the hint panel from the player's state. Nothing here changes the state.
import { PEERS } from './board.js';
import { cellName, chainLines, houseCells, stepLines, techniqueTitle } from './hints.js';

const $ = (id) => document.getElementById(id);

// Makes the 81 cells of #board once; a click on one selects it (onSelect(cell)).
export function buildBoard(onSelect) {
  const board = $('board');
  for (let c = 0; c < 81; c++) {
    const cell = document.createElement('div');
    cell.dataset.cell = c;
    cell.setAttribute('role', 'gridcell');
    cell.addEventListener('click', () => onSelect(c));
    board.append(cell);
  }
}

// What a shown hint lights: houses and pattern cells, placements, removals, chain nodes.
function hintMarks(hint, steps) {
  const lit = { houses: new Set(), cells: new Set(), targets: new Map(), removals: new Map(),
                nodes: new Map(), wrong: new Set() };
  if (!hint) return lit;
  if (hint.mistakes) {
    hint.mistakes.forEach((c) => lit.wrong.add(c));
    return lit;
  }
  const step = steps[hint.index];
  step.houses.forEach((h) => houseCells(h).forEach((c) => lit.houses.add(c)));
  step.cells.forEach((c) => lit.cells.add(c));
  step.placements.forEach((p) => lit.targets.set(p.cell, p.digit));
  const add = (map, cell, digit, value) => {
    if (!map.has(cell)) map.set(cell, new Map());
    map.get(cell).set(digit, value);
  };
  step.removals.forEach((r) => add(lit.removals, r.cell, r.digit, true));
  step.chain.forEach((n) => {
    add(lit.nodes, n.cell, n.digit, n.on);
    lit.cells.add(n.cell);
  });
  return lit;
}

function cellClasses(game, c, ui, lit, conflicts) {
  const row = Math.floor(c / 9);
  const col = c % 9;
  const v = game.values[c];
  const sel = ui.selected;
  const classes = ['cell', game.isGiven(c) ? 'given' : v ? 'entered' : 'empty'];
  if (col % 3 === 2 && col < 8) classes.push('box-right');
  if (row % 3 === 2 && row < 8) classes.push('box-bottom');
  if (sel === c) classes.push('selected');
  else if (sel !== null && PEERS[sel].includes(c)) classes.push('peer');
  if (sel !== null && v && game.values[sel] === v && sel !== c) classes.push('same');
  if (conflicts.has(c)) classes.push('conflict');
  if (ui.checked.has(c) || lit.wrong.has(c)) classes.push('wrong');
  if (lit.houses.has(c)) classes.push('lit-house');
  if (lit.cells.has(c)) classes.push('lit-cell');
  if (lit.targets.has(c)) classes.push('target');
  return classes.join(' ');
}

// The pencil marks of an empty cell, with the hint's removals and chain nodes among them.
function marksHtml(game, c, lit) {
  let html = '';
  for (let d = 1; d <= 9; d++) {
    const removal = lit.removals.get(c)?.has(d);
    const node = lit.nodes.get(c)?.get(d);
    const shown = game.hasMark(c, d) || removal || node !== undefined;
    let cls = 'mark';
    if (removal) cls += ' removal';
    else if (node !== undefined) cls += node ? ' on' : ' off';
    html += `<span class="${cls}">${shown ? d : ''}</span>`;
  }
  return `<div class="marks">${html}</div>`;
}

// Draws every cell of the board.
export function drawBoard(game, ui, steps) {
  const lit = hintMarks(ui.hint, steps);
  const conflicts = game.conflicts();
  const board = $('board');
  board.dataset.solved = game.solved();
  for (const el of board.children) {
    const c = Number(el.dataset.cell);
    const v = game.values[c];
    el.className = cellClasses(game, c, ui, lit, conflicts);
    el.dataset.value = v;
    el.setAttribute('aria-label', `${cellName(c)} ${v || 'empty'}`);
    if (v) el.innerHTML = `<span class="digit">${v}</span>`;
    else if (lit.targets.has(c)) el.innerHTML = `<span class="digit ghost">${lit.targets.get(c)}</span>`;
    else el.innerHTML = marksHtml(game, c, lit);
  }
}

// Fills the hint panel for ui.hint (or hides it). `pack` names the techniques.
export function drawHint(ui, steps, pack) {
  const panel = $('hint');
  panel.hidden = !ui.hint;
  if (!ui.hint) return;
  const lines = $('hint-lines');
  lines.replaceChildren();
  const line = (text, cls = '') => {
    const li = document.createElement('li');
    li.textContent = text;
    li.className = cls;
    lines.append(li);
  };
  if (ui.hint.mistakes) {
    $('hint-title').textContent = 'A digit is wrong';
    $('hint-description').textContent =
      'The board disagrees with the solution here. Apply erases it; then ask again.';
    ui.hint.mistakes.forEach((c) => line(`${cellName(c)} is not ${ui.game.values[c]}`));
    $('next').hidden = true;
    return;
  }
  const step = steps[ui.hint.index];
  const technique = pack.techniques.get(step.technique);
  const rating = step.rating ?? technique?.rating;
  $('hint-title').textContent =
    `${technique ? techniqueTitle(technique.name) : `Technique ${step.technique}`}` +
    (rating ? ` · ${Number(rating).toFixed(1)}` : '');
  const description = technique?.description ?? '';
  $('hint-description').textContent =
    description && `${description[0].toUpperCase()}${description.slice(1)}.`;
  stepLines(step, technique?.name ?? '').forEach((text) => line(text));
  chainLines(step).forEach((text) => line(text, 'chain'));
  $('next').hidden = step.placements.length !== 0;
}
