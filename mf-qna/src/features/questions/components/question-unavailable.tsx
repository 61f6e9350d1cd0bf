import { Button, LinkButton, Panel } from '@dblearn/ui';
import { errorStatus, isFetchBaseQueryError } from '@dblearn/web';

const backToList = <LinkButton to="/qna">Back to the questions</LinkButton>;

/** What a question page shows when there is no question to show: gone, or not loaded. */
export function QuestionUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  const status = isFetchBaseQueryError(error) ? errorStatus(error) : null;
  if (status === 400 || status === 404) {
    return (
      <Panel title="No such question" tone="warning" headingLevel={1} actions={backToList}>
        <p>It may have been deleted. Pick a question from the list.</p>
      </Panel>
    );
  }
  return (
    <Panel title="The question could not be loaded" tone="error" headingLevel={1} actions={<Button onClick={retry}>Try again</Button>}>
      <p>Check your connection and try again.</p>
    </Panel>
  );
}
