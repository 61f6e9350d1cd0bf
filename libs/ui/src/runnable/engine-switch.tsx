import { SQL_ENGINES, type SqlEngine } from '@dblearn/contracts';
import { useId } from 'react';
import { useLabEngine } from './lab-engine.js';

export const ENGINE_LABELS: Readonly<Record<SqlEngine, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface EngineSwitchProps {
  /** Why PostgreSQL cannot be chosen here (a block outside a course): it shows disabled, SQLite chosen, with this as its tooltip and description. */
  postgresUnavailable?: string;
  /** Why SQLite cannot be chosen here (a check or example that only PostgreSQL can teach): PostgreSQL shows chosen, SQLite disabled with this reason. */
  sqliteUnavailable?: string;
}

/** The reason a PostgreSQL-only check or ```sql postgres example gives for not offering SQLite. */
export const POSTGRES_ONLY_REASON = 'PostgreSQL only: SQLite has no such feature (GROUPING SETS, JSONB, roles, MVCC columns).';

/**
 * "SQLite · PostgreSQL": the engine every SQL lab of the page runs on (issue 32). One choice for the
 * whole page and every remote (the shell's store), remembered for the learner; a segmented pair of
 * native radios, so arrows move between them and a screen reader hears "SQL engine, radio group".
 */
export function EngineSwitch({ postgresUnavailable, sqliteUnavailable }: EngineSwitchProps) {
  const [chosen, choose] = useLabEngine();
  const name = useId();
  const noteId = useId();
  const shown: SqlEngine = postgresUnavailable ? 'sqlite' : sqliteUnavailable ? 'postgres' : chosen;
  const note = postgresUnavailable ?? sqliteUnavailable;
  const unavailable: SqlEngine | null = postgresUnavailable !== undefined ? 'postgres' : sqliteUnavailable !== undefined ? 'sqlite' : null;
  return (
    <div className="dbl-engine" role="radiogroup" aria-label="SQL engine" aria-describedby={note ? noteId : undefined}>
      {SQL_ENGINES.map((engine) => {
        const disabled = engine === unavailable;
        return (
          <label key={engine} className="dbl-engine__option" title={disabled ? note : undefined}>
            <input
              className="dbl-engine__input"
              type="radio"
              name={name}
              value={engine}
              checked={shown === engine}
              disabled={disabled}
              onChange={() => choose(engine)}
            />
            <span className="dbl-engine__label">{ENGINE_LABELS[engine]}</span>
          </label>
        );
      })}
      {note ? (
        <span id={noteId} className="dbl-engine__note">
          {note}
        </span>
      ) : null}
    </div>
  );
}
