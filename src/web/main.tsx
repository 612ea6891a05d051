/** Browser entry: mounts the app on #app. */
// The shared stylesheets first: each game's own (src/web/games/<slug>/style.css, imported by its web
// folder's index.ts through the app) then comes after them in the bundle, as it did in one file.
import './ux.css';
import './style.css';
import './motion.css';
import './sprites.css';
import './layout.css';
import { render } from 'preact';
import { App } from './app.js';

const mount = document.getElementById('app');
if (mount) {
  // The "Loading…" line of index.html, shown while this bundle was on its way, gives way to the app.
  mount.replaceChildren();
  render(<App />, mount);
}
