import { FIELD_LABELS, LIMITS } from '@dblearn/contracts';
import { Button, fieldMessages, TextAreaField, textRules, useRulesForm } from '@dblearn/ui';
import { WritePreviewTabs } from '../markdown/write-preview-tabs.js';

interface ReplyFormValues {
  reply: string;
}

export interface ReplyFormProps {
  submitting: boolean;
  /** The question's practice database: the preview runs ```sql blocks on it as the thread will. */
  sandboxCourseId?: string | null;
  /** Resolves true when the answer was stored: the form then empties itself. */
  onSubmit: (reply: string) => Promise<boolean>;
}

const replyRules = textRules(FIELD_LABELS.qna.reply, LIMITS.qna.reply);

/** SPEC §5 "Q&A reply": 10–3000 characters of Markdown, labelled Answer, with a preview; submit disabled while invalid. */
export function ReplyForm({ submitting, sandboxCourseId, onSubmit }: ReplyFormProps) {
  const {
    register,
    handleSubmit,
    onEnter,
    reset,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<ReplyFormValues>({ reply: '' });
  const submit = handleSubmit(async ({ reply }) => {
    if (await onSubmit(reply)) reset({ reply: '' });
  });
  return (
    <form className="qna-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label="Answer the question">
      <WritePreviewTabs text={watch('reply')} sandboxCourseId={sandboxCourseId}>
        <TextAreaField label={FIELD_LABELS.qna.reply} rows={4} error={fieldMessages(errors.reply)} {...register('reply', replyRules)} />
      </WritePreviewTabs>
      <div className="qna-form__actions">
        <Button type="submit" disabled={!isValid || isSubmitting || submitting}>
          Post Answer
        </Button>
      </div>
    </form>
  );
}
