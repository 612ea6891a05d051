/** Browser entry: mounts the app on #app. */
import { render } from 'preact';
import { App } from './app.js';
import './ux.css';
import './style.css';
import './motion.css';
import './sprites.css';
import './layout.css';

const mount = document.getElementById('app');
if (mount) render(<App />, mount);
