import { SKILLS, type Skill } from '@dblearn/contracts';
import { useCallback, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { CredentialsRulesFormProps } from './credentials-rules-form.js';
import { CredentialsFormView, type CredentialsField, type CredentialsInput, type CredentialsKind, type CredentialsValues } from './credentials-form-view.js';

export interface CredentialsFormProps {
  kind: CredentialsKind;
  /** Sends the values. A 4xx it throws (RTK Query's `unwrap()`) is shown under the username. */
  onSubmit: (values: CredentialsValues) => Promise<void>;
  /** Shown under the username for a refusal whose answer carries no message. */
  refusalFallback?: string;
}

/** The values, the focused field and an Enter pressed before the rules arrived. */
export interface FormSnapshot {
  values: CredentialsValues;
  /** Index in `form.elements` of the control that had the focus, or -1. */
  focusIndex: number;
  submitRequested: boolean;
}

type RulesForm = ComponentType<CredentialsRulesFormProps>;

let rulesForm: RulesForm | undefined;
let loading: Promise<RulesForm> | undefined;

/**
 * The form's rules and react-hook-form (about 13 kB gzipped) load when someone first touches a
 * sign-in form, not with the page: /login's first load stays within issue 5's 150 kB.
 */
export function loadCredentialsRules(): Promise<RulesForm> {
  loading ??= import('./credentials-rules-form.js').then(
    (module) => (rulesForm = module.default),
    (error: unknown) => {
      loading = undefined; // the next touch tries again
      throw error;
    },
  );
  return loading;
}

const NAMES_ONLY: Record<CredentialsField, CredentialsInput> = {
  email: { name: 'email' },
  password: { name: 'password' },
  skill: { name: 'skill' },
  displayName: { name: 'displayName' },
};
const NOTHING_DONE: FormSnapshot = { values: { email: '', password: '', skill: '', displayName: '' }, focusIndex: -1, submitRequested: false };

function snapshotOf(form: HTMLFormElement | null, submitRequested: boolean): FormSnapshot {
  if (!form) return { ...NOTHING_DONE, submitRequested };
  const data = new FormData(form);
  const text = (name: CredentialsField) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const skill = text('skill');
  return {
    values: {
      email: text('email'),
      password: text('password'),
      skill: (SKILLS as readonly string[]).includes(skill) ? (skill as Skill) : '',
      displayName: text('displayName'),
    },
    focusIndex: Array.prototype.indexOf.call(form.elements, document.activeElement),
    submitRequested,
  };
}

/**
 * The Login and Register forms (`kind`): the fields show at once; the first focus, pointer or key
 * in the form loads the rules, which then take over the same fields without losing what was typed.
 */
export function CredentialsForm(props: CredentialsFormProps) {
  const [loaded, setLoaded] = useState(() => (rulesForm ? { RulesForm: rulesForm, before: NOTHING_DONE } : null));
  const formRef = useRef<HTMLFormElement>(null);
  const asked = useRef(false);
  const enterPressed = useRef(false);

  const loadRules = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    loadCredentialsRules().then(
      (RulesForm) => {
        // Read and replaced in one synchronous step, so no keystroke falls in between.
        flushSync(() => setLoaded({ RulesForm, before: snapshotOf(formRef.current, enterPressed.current) }));
      },
      (error: unknown) => {
        asked.current = false;
        console.error('The sign-in form could not load its rules:', error);
      },
    );
  }, []);

  if (loaded) return <loaded.RulesForm {...props} before={loaded.before} formRef={formRef} />;

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      enterPressed.current = true;
    }
    loadRules();
  };
  return (
    <CredentialsFormView
      kind={props.kind}
      inputs={NAMES_ONLY}
      submitDisabled
      form={{ ref: formRef, onFocus: loadRules, onPointerEnter: loadRules, onInput: loadRules, onKeyDown, onSubmit: (event) => event.preventDefault() }}
    />
  );
}
