import { DEFAULT_LAB_ENGINE, SQL_ENGINES, type SqlEngine } from '@dblearn/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Where a signed-out visitor's choice is kept (a signed-in learner's is on their profile). */
export const LAB_ENGINE_STORAGE_KEY = 'dblearn.labEngine';

function isSqlEngine(value: unknown): value is SqlEngine {
  return (SQL_ENGINES as readonly unknown[]).includes(value);
}

/** The visitor's choice on this browser, PostgreSQL until they make one (storage may be refused: private modes). */
export function loadStoredLabEngine(): SqlEngine {
  try {
    const stored = globalThis.localStorage?.getItem(LAB_ENGINE_STORAGE_KEY);
    return isSqlEngine(stored) ? stored : DEFAULT_LAB_ENGINE;
  } catch {
    return DEFAULT_LAB_ENGINE;
  }
}

export function storeLabEngine(engine: SqlEngine): void {
  try {
    globalThis.localStorage?.setItem(LAB_ENGINE_STORAGE_KEY, engine);
  } catch {
    // Not kept past this page: the switch still works on it.
  }
}

export interface LabEngineState {
  engine: SqlEngine;
}

/**
 * The engine every SQL lab of the page runs on (issue 32): one value in the shell's store, so a
 * switch on one block switches every block, check and panel, in every remote. The store's listeners
 * keep it (create-store.ts): the profile's for a learner, localStorage for a visitor.
 */
export const labEngineSlice = createSlice({
  name: 'labEngine',
  initialState: (): LabEngineState => ({ engine: loadStoredLabEngine() }),
  reducers: {
    /** The learner flipped a switch: kept on the profile or in this browser. */
    labEngineChosen: (state, action: PayloadAction<SqlEngine>) => {
      state.engine = action.payload;
    },
    /** What the profile or this browser says, on sign-in, page load or sign-out: not written back. */
    labEngineLoaded: (state, action: PayloadAction<SqlEngine>) => {
      state.engine = action.payload;
    },
  },
  selectors: {
    selectLabEngine: (state) => state.engine,
  },
});

export const { labEngineChosen, labEngineLoaded } = labEngineSlice.actions;
export const { selectLabEngine } = labEngineSlice.selectors;
