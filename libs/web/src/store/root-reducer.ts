import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api.js';
import { sessionSlice } from '../session/session-slice.js';

/**
 * Slices that feature areas inject at run time. A remote declares its own by merging into this
 * interface (`declare module '@dblearn/web' { interface LazyLoadedSlices { ... } }`) and calls
 * `mySlice.injectInto(rootReducer)`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** The store's one reducer: the session, the base API, and whatever remotes inject later. */
export const rootReducer = combineSlices(sessionSlice, baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
