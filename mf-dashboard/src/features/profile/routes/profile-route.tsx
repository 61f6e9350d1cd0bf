import { ProgressGate, stillInCatalogue, suggestedCourses, topicProgress } from '../../progress/index.js';
import { AccountCard } from '../components/account-card.js';
import { AskPrompt } from '../components/ask-prompt.js';
import { FinishedProjects } from '../components/finished-projects.js';
import { PracticeProgress } from '../components/practice-progress.js';
import { ReviewDue } from '../components/review-due.js';
import { SavedQuestions } from '../components/saved-questions.js';
import { SuggestedCourses } from '../components/suggested-courses.js';
import { TopicProgressChart } from '../components/topic-progress-chart.js';

/** /profile: the learner's dashboard. */
export default function ProfileRoute() {
  return (
    <div className="dashboard">
      <h1>Dashboard</h1>
      <ProgressGate what="your dashboard">
        {(me, progress) => (
          <div className="dashboard__grid">
            <ReviewDue />
            <PracticeProgress />
            <SavedQuestions saved={me.savedQuestion} />
            <TopicProgressChart topics={topicProgress(progress)} />
            <SuggestedCourses courses={suggestedCourses(progress, me.skill)} />
            <FinishedProjects projects={stillInCatalogue(me.finishedProject, progress)} />
            <AskPrompt />
            <AccountCard me={me} />
          </div>
        )}
      </ProgressGate>
    </div>
  );
}
