// The shift crew's page (docs/web.md): the view the controller pushes, drawn; the run
// controls. Every name from a steering or topology file is set as text, never as markup.
import { createHistogram, createTGraph, createTMultiGraph, settings } from './vendor/jsroot/modules/core.mjs';
import { draw, redraw } from './vendor/jsroot/modules/draw.mjs';

settings.ToolBar = false;

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// The token: from the address once, then in this tab only; never left in the address bar.
const query = new URLSearchParams(location.search);
if (query.has('token')) {
  sessionStorage.setItem('evflow-token', query.get('token'));
  history.replaceState(null, '', location.pathname);
}
const token = sessionStorage.getItem('evflow-token');
let session = sessionStorage.getItem('evflow-session');
if (!session) {
  session = crypto.randomUUID();
  sessionStorage.setItem('evflow-session', session);
}
let sessionTag = null;

async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function element(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

const number = (x, digits = 0) => (x === null || x === undefined ? '' : Number(x).toLocaleString('en', { maximumFractionDigits: digits }));
const bytes = (x) => (x === null || x === undefined ? '' : `${(x / 2 ** 20).toFixed(1)} MiB`);
const clock = (t) => new Date(t * 1000).toLocaleTimeString();

async function post(what, body) {
  const headers = { 'Content-Type': 'application/json', 'X-Evflow-Session': session };
  if (token) headers.Authorization = `Bearer ${token}`;
  const reply = await fetch(`/api/${what}`, { method: 'POST', headers, body: JSON.stringify(body) });
  let answer = {};
  try { answer = await reply.json(); } catch { answer = { ok: false, error: `HTTP ${reply.status}` }; }
  return { status: reply.status, answer };
}

async function command(what, body) {
  const { status, answer } = await post(what, body);
  const shown = $('answer');
  shown.textContent = answer.ok ? `${what}: ok` : `${what}: ${answer.error || 'refused'} (${status})`;
  shown.className = answer.ok ? 'good' : 'bad';
  shown.dataset.status = String(status);
}

async function askLock(take) {
  if (!token) return;
  await post('lock', { session, take });
}

// Without the token the controls stay: what they send is refused (403), and the page says so.
function showMode() {
  $('mode').textContent = token ? 'operator' : 'read-only';
}

function showLock(lock) {
  const mine = lock.held && lock.tag === sessionTag;
  const shown = $('lock');
  if (!lock.held) shown.textContent = 'control: free';
  else if (mine) shown.textContent = 'control: yours';
  else shown.textContent = `control: ${lock.address} since ${clock(lock.since)}`;
  $('take').hidden = !token || mine || !lock.held;
}

function showRun(view) {
  const run = view.run;
  const list = $('run');
  list.replaceChildren();
  const rows = [
    ['number', run.number === null || run.number === undefined ? '-' : run.number],
    ['state', run.state],
    ['events read', number(run.read)],
    ['events written', number(run.written)],
    ['read/s', number(run.read_rate)],
    ['written/s', number(run.written_rate)],
  ];
  for (const [k, v] of rows) list.append(element('dt', k), element('dd', v));
}

let ratesDrawn = false;
function showRates(points) {
  if (points.length < 2) return;
  const now = points[points.length - 1][0];
  const x = points.map((p) => p[0] - now);
  const read = createTGraph(points.length, x, points.map((p) => p[1]));
  const written = createTGraph(points.length, x, points.map((p) => p[2]));
  read.fTitle = 'read'; read.fLineColor = 4;
  written.fTitle = 'written'; written.fLineColor = 2;
  const both = createTMultiGraph(read, written);
  both.fTitle = 'events/s, last ten minutes;seconds;events/s';
  (ratesDrawn ? redraw : draw)($('rates'), both, 'AL');
  ratesDrawn = true;
}

// A process row with its hooks (data-process, data-state, data-pid) and its name, host, pid
// and state cells: the living's and the dead's tables alike.
function processRow(p) {
  const tr = element('tr');
  tr.dataset.process = p.name;
  tr.dataset.state = p.state;
  tr.dataset.pid = String(p.pid ?? '');
  tr.append(element('td', p.name), element('td', p.host), element('td', p.pid ?? '', 'n'));
  tr.append(element('td', p.state, `state-${p.state}`));
  return tr;
}

function showProcesses(processes) {
  const body = document.querySelector('#processes tbody');
  body.replaceChildren();
  for (const p of processes) {
    const tr = processRow(p);
    tr.append(element('td', number(p.in_rate), 'n'), element('td', number(p.out_rate), 'n'));
    tr.append(element('td', number(p.events_out), 'n'));
    tr.append(element('td', p.cpu === null ? '' : `${p.cpu.toFixed(0)} %`, 'n'));
    tr.append(element('td', bytes(p.memory), 'n'), element('td', p.restarts, 'n'));
    body.append(tr);
  }
}

function showEnded(ended) {
  const table = $('ended');
  table.hidden = ended.length === 0;
  const body = table.querySelector('tbody');
  body.replaceChildren();
  for (const p of ended.slice().reverse()) {
    const tr = processRow(p);
    tr.append(element('td', clock(p.at)));
    body.append(tr);
  }
}

function showModules(modules) {
  const body = document.querySelector('#modules tbody');
  body.replaceChildren();
  for (const m of modules) {
    const tr = element('tr');
    tr.dataset.module = m.name;
    const perCall = m.per_call === null ? '' : `${(m.per_call * 1e6).toFixed(1)} us`;
    tr.append(element('td', m.device), element('td', m.name), element('td', number(m.calls), 'n'));
    tr.append(element('td', number(m.failed), 'n'), element('td', perCall, 'n'));
    body.append(tr);
  }
}

// Devices in columns by their distance from the sources, each with its processes by host;
// the channels as arrows between them, with their events/s and queue depths.
function showTopology(view) {
  const picture = $('topology');
  picture.replaceChildren();
  const devices = new Map();
  for (const host of view.hosts) {
    for (const d of host.devices) {
      if (!devices.has(d.name)) devices.set(d.name, []);
      devices.get(d.name).push({ host: host.name, processes: d.processes });
    }
  }
  const level = new Map([...devices.keys()].map((d) => [d, 0]));
  for (let round = 0; round < devices.size; round++) {
    for (const c of view.channels) {
      for (const from of c.from) for (const to of c.to) {
        if (level.has(from) && level.has(to) && level.get(to) <= level.get(from)) level.set(to, level.get(from) + 1);
      }
    }
  }
  const state = new Map(view.processes.map((p) => [p.name, p.state]));
  const columns = [];
  for (const [d, l] of level) (columns[l] ??= []).push(d);
  const width = 200; const gap = 150; const place = new Map();
  let height = 0;
  columns.forEach((names, col) => {
    let y = 10;
    for (const name of names) {
      const groups = devices.get(name);
      const rows = groups.length;
      const h = 34 + rows * 26;
      const x = 10 + col * (width + gap);
      const g = svg('g', { 'data-device': name });
      g.append(svg('rect', { x, y, width, height: h, rx: 6, fill: '#eef1f8', stroke: '#8a94a6' }));
      g.append(svg('text', { x: x + 8, y: y + 18, 'font-weight': 'bold' }, name));
      groups.forEach((group, i) => {
        const gy = y + 30 + i * 26;
        g.append(svg('text', { x: x + 8, y: gy + 14, class: 'host' }, group.host));
        group.processes.forEach((p, k) => {
          const s = state.get(p) || '';
          const fill = /dead|exited|error|failed/.test(s) ? '#da1e28' : s === 'running' ? '#24a148' : '#a8b0bd';
          const box = svg('rect', { x: x + 90 + k * 18, y: gy + 2, width: 14, height: 14, rx: 2, fill });
          box.append(svg('title', {}, `${p}: ${s}`));
          g.append(box);
        });
      });
      picture.append(g);
      place.set(name, { x, y, h });
      y += h + 20;
    }
    height = Math.max(height, y);
  });
  for (const c of view.channels) {
    for (const from of c.from) for (const to of c.to) {
      const a = place.get(from); const b = place.get(to);
      if (!a || !b) continue;
      const x1 = a.x + width; const y1 = a.y + a.h / 2; const x2 = b.x; const y2 = b.y + b.h / 2;
      const line = svg('line', { x1, y1, x2: x2 - 4, y2, stroke: '#445', 'stroke-width': 1.5, 'marker-end': 'url(#arrow)' });
      const g = svg('g', { 'data-channel': c.name });
      g.append(line);
      const label = `${c.name} ${number(c.rate)}/s` + (c.queued === null ? '' : ` q ${c.queued}`);
      g.append(svg('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 6, 'text-anchor': 'middle' }, label));
      picture.append(g);
    }
  }
  const defs = svg('defs', {});
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#445' }));
  defs.append(marker);
  picture.prepend(defs);
  picture.setAttribute('viewBox', `0 0 ${Math.max(columns.length, 1) * (width + gap)} ${height + 10}`);
  picture.setAttribute('height', String(height + 10));
}

function showLog(entries) {
  const list = $('log');
  list.replaceChildren();
  for (const e of entries) list.append(element('li', `${clock(e.time)} ${e.level}: ${e.message}`, e.level));
  list.scrollTop = list.scrollHeight;
}

const drawn = new Map();
function histogram(key, h) {
  const [x, y] = h.axes;
  const nx = x.edges.length - 1;
  const hist = createHistogram(y ? 'TH2D' : 'TH1D', nx, y ? y.edges.length - 1 : undefined);
  hist.fName = key; hist.fTitle = key;
  const axis = (a, edges) => {
    a.fXmin = edges[0]; a.fXmax = edges[edges.length - 1];
    const step = (a.fXmax - a.fXmin) / (edges.length - 1);
    if (edges.some((e, i) => Math.abs(e - (a.fXmin + i * step)) > 1e-9 * Math.max(1, Math.abs(e)))) a.fXbins = edges;
  };
  axis(hist.fXaxis, x.edges);
  if (y) {
    axis(hist.fYaxis, y.edges);
    h.values.forEach((column, i) => column.forEach((v, j) => { hist.fArray[(i + 1) + (nx + 2) * (j + 1)] = v; }));
  } else {
    h.values.forEach((v, i) => { hist.fArray[i + 1] = v; });
  }
  hist.fEntries = h.entries;
  return hist;
}

function showHistograms(histograms) {
  const grid = $('histograms');
  for (const [key, h] of Object.entries(histograms)) {
    let box = drawn.get(key);
    const hist = histogram(key, h);
    if (!box) {
      box = element('div');
      box.dataset.histogram = key;
      grid.append(box);
      drawn.set(key, box);
      draw(box, hist, h.axes.length === 2 ? 'colz' : 'hist');
    } else {
      redraw(box, hist, h.axes.length === 2 ? 'colz' : 'hist');
    }
    box.dataset.entries = String(h.entries);
  }
}

function show(view) {
  $('name').textContent = view.topology;
  document.title = `evflow: ${view.topology}`;
  const exposed = $('exposed');
  exposed.hidden = view.served.loopback !== false;
  exposed.textContent = `served on ${view.served.host}, not on loopback: whoever reaches it sees this page; commands need the token`;
  showLock(view.lock);
  showRun(view);
  showProcesses(view.processes);
  showEnded(view.ended);
  showModules(view.modules);
  showTopology(view);
  showLog(view.log);
  showRates(view.rates);
}

function connect() {
  const events = new EventSource(`/api/events?session=${encodeURIComponent(session)}`);
  events.addEventListener('open', () => { $('connection').textContent = 'live'; $('connection').className = 'good'; askLock(false); });
  events.addEventListener('error', () => { $('connection').textContent = 'the controller is gone (trying again)'; $('connection').className = 'bad'; });
  events.addEventListener('state', (e) => show(JSON.parse(e.data)));
  events.addEventListener('histograms', (e) => showHistograms(JSON.parse(e.data)));
}

document.querySelector('[data-action="start"]').addEventListener('click', () => {
  const field = document.querySelector('input[name="run"]');
  const run = Number.parseInt(field.value, 10);
  if (!Number.isInteger(run) || run < 0) {
    $('answer').textContent = 'start: give a run number';
    $('answer').className = 'bad';
    return;
  }
  command('start', { run });
});
document.querySelector('[data-action="stop"]').addEventListener('click', () => command('stop', {}));
$('take').addEventListener('click', () => {
  if (window.confirm(`Take control from ${$('lock').textContent.replace('control: ', '')}?`)) askLock(true);
});

showMode();
sessionTag = (await sha256(session)).slice(0, 16);
connect();
