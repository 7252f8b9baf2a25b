import './theme/app.css';
// The engine's stylesheet, themed by the brand's custom properties.
import '../engine/styles.css';
import { startApp } from './app/start-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html needs a <div id="root"> for the application to render into.');

startApp(container).catch((error: unknown) => {
  console.error(error);
  // Translations may be what failed to load, so this one message is plain English.
  container.textContent = 'The application could not start. Check your connection and reload the page.';
});
