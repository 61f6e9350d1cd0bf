import { useId } from 'react';
import { useGetCheckAnalysisQuery } from '../api/get-check-analysis.js';
import { codeLanguage, FailureBars, FIGURES_HELP, hintsText, medianText, passRateText, WrongAnswers } from './check-figures.js';

/** The check editor's "How learners did" (issue 34): figures at a glance, wrong answers and failures on request. */
export function CheckAnalysisPanel({ projectId, checkId, number }: { projectId: string; checkId: string; number: number }) {
  const analysis = useGetCheckAnalysisQuery({ projectId, checkId }, { refetchOnMountOrArgChange: true });
  const headingId = useId();
  const figures = analysis.data;
  return (
    <section className="catalog-analysis" aria-labelledby={headingId}>
      <h4 id={headingId} className="catalog-analysis__title">
        How learners did
      </h4>
      {figures ? (
        figures.tried === 0 ? (
          <p className="catalog-analysis__none">No learner has tried check {number} yet.</p>
        ) : (
          <>
            <dl className="catalog-analysis__figures">
              <div>
                <dt>Tried</dt>
                <dd>{figures.tried}</dd>
              </div>
              <div>
                <dt>Pass rate</dt>
                <dd>{passRateText(figures)}</dd>
              </div>
              <div>
                <dt>Median attempts</dt>
                <dd>{medianText(figures)}</dd>
              </div>
              <div>
                <dt>Hints unlocked</dt>
                <dd>{hintsText(figures)}</dd>
              </div>
              <div>
                <dt>Solutions revealed</dt>
                <dd>{figures.solutionsRevealed}</dd>
              </div>
            </dl>
            <details className="catalog-analysis__details">
              <summary>Most common wrong answers and failures</summary>
              <h5>Most common wrong answers</h5>
              <WrongAnswers answers={figures.wrongAnswers} language={codeLanguage(figures.kind)} />
              <h5>Failures by kind</h5>
              <FailureBars failures={figures.failures} />
              <p className="catalog-analysis__help">{FIGURES_HELP}</p>
            </details>
          </>
        )
      ) : analysis.isError ? (
        <p className="catalog-analysis__none">The figures could not be loaded.</p>
      ) : (
        <p className="catalog-analysis__none" role="status">
          Loading figures…
        </p>
      )}
    </section>
  );
}
