import { TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { AREA_LINKS } from '@dblearn/federation';
import { LinkButton } from '@dblearn/ui';

/** One button per topic, each opening the catalogue filtered to it. */
export function TopicButtons() {
  return (
    <section className="hub-section" aria-labelledby="hub-topics-title">
      <h2 id="hub-topics-title">Browse by Topic</h2>
      <ul className="hub-topics">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <LinkButton to={AREA_LINKS.catalogTopic(topic)} variant="secondary">
              {TOPIC_LABELS[topic]}
            </LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
