import { SQL_ENGINES, type SqlEngine } from '@dblearn/contracts';
import { useId } from 'react';
import { useLabEngine } from './lab-engine.js';

export const ENGINE_LABELS: Readonly<Record<SqlEngine, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export interface EngineSwitchProps {
  /** Why PostgreSQL cannot be chosen here (a block outside a course): it shows disabled, SQLite chosen, with this as its tooltip and description. */
  postgresUnavailable?: string;
}

/**
 * "SQLite · PostgreSQL": the engine every SQL lab of the page runs on (issue 32). One choice for the
 * whole page and every remote (the shell's store), remembered for the learner; a segmented pair of
 * native radios, so arrows move between them and a screen reader hears "SQL engine, radio group".
 */
export function EngineSwitch({ postgresUnavailable }: EngineSwitchProps) {
  const [chosen, choose] = useLabEngine();
  const name = useId();
  const noteId = useId();
  const shown: SqlEngine = postgresUnavailable ? 'sqlite' : chosen;
  return (
    <div className="dbl-engine" role="radiogroup" aria-label="SQL engine" aria-describedby={postgresUnavailable ? noteId : undefined}>
      {SQL_ENGINES.map((engine) => {
        const disabled = engine === 'postgres' && postgresUnavailable !== undefined;
        return (
          <label key={engine} className="dbl-engine__option" title={disabled ? postgresUnavailable : undefined}>
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
      {postgresUnavailable ? (
        <span id={noteId} className="dbl-engine__note">
          {postgresUnavailable}
        </span>
      ) : null}
    </div>
  );
}
