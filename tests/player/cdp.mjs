// A headless Chromium driven through the DevTools protocol over a pipe (--remote-debugging-pipe:
// the browser reads commands on fd 3 and writes replies and events on fd 4, each message JSON
// ended by a NUL byte). Node's standard library only: no WebSocket, no puppeteer.
import { spawn } from 'node:child_process';

export class Browser {
  // Starts `binary` (Debian's chromium) with its profile in userDataDir.
  static launch(binary, userDataDir) {
    const args = [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, '--no-first-run',
      '--no-default-browser-check', '--disable-extensions', '--hide-scrollbars', '--mute-audio',
      'about:blank',
    ];
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    return new Browser(child);
  }

  constructor(child) {
    this.child = child;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    this.stderr = '';
    this.exited = false;
    child.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    child.on('exit', () => {
      this.exited = true;
      for (const { reject, method } of this.pending.values()) {
        reject(new Error(`chromium exited during ${method}: ${this.stderr}`));
      }
      this.pending.clear();
    });
    let buffer = '';
    child.stdio[4].on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        this.dispatch(JSON.parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 1);
      }
    });
  }

  dispatch(message) {
    if (message.id !== undefined) {
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!call) return;
      if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
      else call.resolve(message.result);
      return;
    }
    for (const listener of this.listeners) listener(message);
  }

  // Sends a command (to the page of sessionId when given); resolves to its result.
  send(method, params = {}, sessionId = undefined) {
    if (this.exited) return Promise.reject(new Error(`chromium has exited: ${this.stderr}`));
    const id = this.nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.child.stdio[3].write(JSON.stringify(message) + '\0');
    });
  }

  // Calls listener(message) on every event.
  onEvent(listener) {
    this.listeners.push(listener);
  }

  // Opens a new page; resolves to a Page bound to its session.
  async newPage() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    return new Page(this, sessionId, targetId);
  }

  async close() {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send('Browser.close').catch(() => {});
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

export class Page {
  constructor(browser, sessionId, targetId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.targetId = targetId;
  }

  send(method, params = {}) {
    return this.browser.send(method, params, this.sessionId);
  }

  // Calls listener(method, params) on each event of this page.
  onEvent(listener) {
    this.browser.onEvent((m) => m.sessionId === this.sessionId && listener(m.method, m.params));
  }

  // The value of a JavaScript expression in the page (awaited when it is a promise).
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', {
      expression, returnByValue: true, awaitPromise: true,
    });
    if (exceptionDetails) {
      throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    }
    return result.value;
  }

  // Polls `expression` until it is truthy; resolves to its value. Throws after timeoutMs.
  async waitFor(expression, what, timeoutMs = 10000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.evaluate(expression);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // The centre of the element `selector` once scrolled into view, or an error saying why it
  // cannot be clicked (missing, hidden, disabled, or covered by another element).
  async centre(selector) {
    const where = await this.evaluate(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) return { error: 'no such element' };
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return { error: 'not shown' };
      if (el.disabled) return { error: 'disabled' };
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const top = document.elementFromPoint(x, y);
      if (!top || !(el === top || el.contains(top))) return { error: 'covered by ' + (top && top.outerHTML.slice(0, 80)) };
      return { x, y };
    })()`);
    if (where.error) throw new Error(`cannot click ${selector}: ${where.error}`);
    return where;
  }

  // A left click with the mouse, at the centre of `selector`.
  async click(selector) {
    const { x, y } = await this.centre(selector);
    const base = { x, y, button: 'left', clickCount: 1 };
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...base });
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...base });
  }

  // A tap with one finger at the centre of `selector` (needs touch emulation).
  async tap(selector) {
    const { x, y } = await this.centre(selector);
    await this.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await this.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  // A key press: `key` as KeyboardEvent.key, `code` as KeyboardEvent.code; modifiers 8 = Shift,
  // 2 = Ctrl.
  async press(key, code, modifiers = 0, text = undefined) {
    const base = { key, code, modifiers, windowsVirtualKeyCode: key.length === 1 ? key.toUpperCase().charCodeAt(0) : 0 };
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', ...base, text });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
  }

  // A PNG of the whole page (beyond the viewport), as a Buffer.
  async screenshot() {
    await this.evaluate('window.scrollTo(0, 0)');
    const { cssContentSize } = await this.send('Page.getLayoutMetrics');
    const clip = { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 };
    const { data } = await this.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true });
    return Buffer.from(data, 'base64');
  }
}
