import type { RemoteName } from './remotes.js';

/**
 * The exposed-module convention. Every remote exposes exactly one module, `./App`, whose default
 * export is a React component that takes no props and renders its own `<Routes>` for its area, with
 * absolute paths (the shell mounts it at the root). It uses the shell's router and the shell's one
 * Redux store (through `@dblearn/web`: inject endpoints and slices, never create a store), so it
 * never renders a Router or a store Provider of its own — only its standalone bootstrap does.
 */
export const EXPOSED_APP = './App';

/** The id the shell passes to `loadRemote`, e.g. `catalog/App`. */
export function remoteAppId(name: RemoteName): string {
  return `${name}/${EXPOSED_APP.slice(2)}`;
}
