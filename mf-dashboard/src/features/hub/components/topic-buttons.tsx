import { TOPIC_LABELS, TOPICS, type Topic } from '@dblearn/contracts';
import { LinkButton } from '@dblearn/ui';

/** The catalogue filtered to one topic (mf-catalog keeps its filter in `?topic=`). */
export function catalogueTopicHref(topic: Topic): string {
  return `/catalog?topic=${topic}`;
}

/** One button per topic, each opening the catalogue filtered to it. */
export function TopicButtons() {
  return (
    <section className="hub-section" aria-labelledby="hub-topics-title">
      <h2 id="hub-topics-title">Browse by Topic</h2>
      <ul className="hub-topics">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <LinkButton to={catalogueTopicHref(topic)} variant="secondary">
              {TOPIC_LABELS[topic]}
            </LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
