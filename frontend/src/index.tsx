/**
 * The entry: tiny on purpose. It carries the framework both apps share (React, the store with
 * RTK Query, the router), starts the first API reads at once, and loads ONE app by the path:
 * the driver's mobile app or the staff portal. The driver's phone never downloads antd or any
 * staff page (DESIGN section 7, budget 170 KB gz on the driver's critical path).
 */
import './shared/ui/base.css';
import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { store } from './app/store';
import { isDriverPath, paths } from './app/paths';
import { companyApi, currentHost } from './features/company/api';
import { authApi } from './features/auth/api';
import { driverApi } from './driver/api';
import { msg } from './shared/messages';

const container = document.getElementById('root') as HTMLElement;
const pathname = window.location.pathname;
const driver = isDriverPath(pathname);

// Start the reads the first screen needs while the app's code is still downloading. On the
// driver's paths index.html has asked for them already (webpack.config.js DriverPreloadPlugin,
// same URLs): these take the preloaded answers.
if (driver) {
  store.dispatch(companyApi.util.prefetch('companyByHost', currentHost(), {}));
  if (!pathname.startsWith('/driver-login/')) {
    store.dispatch(driverApi.util.prefetch('driverSession', undefined, {}));
  }
} else if (pathname === paths.staffLogin || pathname === paths.dispatchLogin || pathname === paths.dispatchLoginAlias) {
  store.dispatch(companyApi.util.prefetch('companyByHost', currentHost(), {}));
} else {
  store.dispatch(authApi.util.prefetch('staffSession', undefined, {}));
}

function showBootError(): void {
  const box = document.createElement('div');
  box.className = 'patio-fatal';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = msg.bootError;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = msg.retry;
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  container.replaceChildren(box);
}

const loadApp: Promise<{ default: ComponentType }> = driver
  ? import(/* webpackChunkName: "driver" */ './driver/DriverApp')
  : import(/* webpackChunkName: "staff" */ './app/StaffApp');

loadApp.then(({ default: App }) => {
  const root = createRoot(container);
  // The first render as a transition: React yields to the browser every few milliseconds
  // instead of one long task, so a slow phone stays responsive while the screen is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </Provider>
      </StrictMode>,
    );
  });
}, showBootError);
