import { jest } from '@jest/globals';
import type { AppStore } from '@dblearn/web';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';

/** A sign-in form as a page mounts it (the store, the toasts), with a spy for `onSignedIn`. */
export function renderSignInForm(Form: ComponentType<{ onSignedIn: () => void }>, store: AppStore) {
  const onSignedIn = jest.fn();
  render(
    <Provider store={store}>
      <Form onSignedIn={onSignedIn} />
      <ToastContainer />
    </Provider>,
  );
  return { store, onSignedIn };
}
