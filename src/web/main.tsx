/** Browser entry: mounts the app on #app. */
import { render } from 'preact';
import { App } from './app.js';
import './ux.css';
import './style.css';
import './motion.css';
import './sprites.css';
import './layout.css';

const mount = document.getElementById('app');
if (mount) {
  // The "Loading…" line of index.html, shown while this bundle was on its way, gives way to the app.
  mount.replaceChildren();
  render(<App />, mount);
}
