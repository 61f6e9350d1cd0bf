import { FIELD_LABELS } from '@dblearn/contracts';
import { fieldMessages, TextAreaField, TextField } from '@dblearn/ui';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface BlockFieldsProps {
  header: UseFormRegisterReturn<'header'>;
  detail: UseFormRegisterReturn<'detail'>;
  errors: { header?: FieldError; detail?: FieldError };
  /** "Add a block" when the item exists already. */
  legend: string;
}

/** Header and Detail of one content block, as the tutorial and project forms both ask for them. */
export function BlockFields({ header, detail, errors, legend }: BlockFieldsProps) {
  return (
    <fieldset className="catalog-form__block">
      <legend>{legend}</legend>
      <TextField label={FIELD_LABELS.tutorial.header} error={fieldMessages(errors.header)} {...header} />
      <TextAreaField label={FIELD_LABELS.tutorial.detail} rows={8} error={fieldMessages(errors.detail)} {...detail} />
      <p className="catalog-form__hint">
        Each line becomes a paragraph. Put SQL between a <code>```sql</code> line and a <code>```</code> line to show it as code.
      </p>
    </fieldset>
  );
}

/** A block is sent only when something was written in it. */
export function writtenBlock({ header, detail }: { header: string; detail: string }) {
  return header.trim() === '' && detail.trim() === '' ? undefined : { header, detail };
}
