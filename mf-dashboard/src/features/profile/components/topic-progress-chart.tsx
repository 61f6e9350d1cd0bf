import { TOPIC_LABELS } from '@dblearn/contracts';
import type { TopicProgress } from '../../progress/index.js';

function Bar({ label, done, total, kind }: { label: string; done: number; total: number; kind: 'tutorials' | 'projects' }) {
  const share = total === 0 ? 0 : (done / total) * 100;
  return (
    <div className="progress-chart__row">
      <span className="progress-chart__label">{label}</span>
      {/* The numbers beside the bar carry the information; the bar is only their picture. */}
      <svg className="progress-chart__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect className="progress-chart__track" width="100" height="10" />
        <rect className={`progress-chart__fill progress-chart__fill--${kind}`} width={share} height="10" />
      </svg>
      <span className="progress-chart__count">
        {done} / {total}
      </span>
    </div>
  );
}

/** Tutorials read and projects finished out of the total, per topic: one pair of bars each. */
export function TopicProgressChart({ topics }: { topics: readonly TopicProgress[] }) {
  return (
    <section className="dashboard-card dashboard-progress" aria-labelledby="dashboard-progress-title">
      <h2 id="dashboard-progress-title">Progress by Topic</h2>
      <ul className="progress-chart">
        {topics.map((item) => (
          <li key={item.topic} className="progress-chart__topic">
            <h3 className="progress-chart__name">{TOPIC_LABELS[item.topic]}</h3>
            <div>
              <Bar label="Tutorials" kind="tutorials" done={item.tutorialsRead} total={item.tutorialsTotal} />
              <Bar label="Projects" kind="projects" done={item.projectsFinished} total={item.projectsTotal} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
