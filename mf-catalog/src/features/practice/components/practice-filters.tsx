import { PRACTICE_DIFFICULTIES, PRACTICE_KINDS, PRACTICE_SORTS, PRACTICE_STATUSES, TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { Button, SelectField } from '@dblearn/ui';
import { type FormEvent, useState } from 'react';
import type { Course } from '../../../lib/content.js';
import { DIFFICULTY_LABELS, KIND_LABELS, SORT_LABELS, STATUS_LABELS } from '../utils/practice-labels.js';
import type { PracticeQuery } from '../utils/practice-query.js';

export interface PracticeFiltersProps {
  query: PracticeQuery;
  courses: readonly Course[];
  /** A new query, from page 1. */
  onChange: (query: PracticeQuery) => void;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** Selects that apply at once, and a search applied on Enter or Search. */
export function PracticeFilters({ query, courses, onChange }: PracticeFiltersProps) {
  const [q, setQ] = useState(query.q);
  const set = (field: keyof PracticeQuery) => (event: { target: { value: string } }) => onChange({ ...query, [field]: event.target.value || null, page: 1 });
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, q: q.trim(), page: 1 });
  };
  const filtered = ['topic', 'course', 'kind', 'difficulty', 'status', 'sort'].some((field) => query[field as keyof PracticeQuery]) || query.q !== '';
  return (
    <form className="practice-filters" role="search" aria-label="Filter the exercises" onSubmit={search}>
      <SelectField label="Topic" value={query.topic ?? ''} onChange={set('topic')} placeholder="All topics" options={TOPICS.map((topic) => ({ value: topic, label: TOPIC_LABELS[topic] }))} />
      <SelectField label="Course" value={query.course ?? ''} onChange={set('course')} placeholder="All courses" options={courses.map((course) => ({ value: course._id, label: course.name }))} />
      <SelectField label="Kind" value={query.kind ?? ''} onChange={set('kind')} placeholder="All kinds" options={options(PRACTICE_KINDS, KIND_LABELS)} />
      <SelectField label="Difficulty" value={query.difficulty ?? ''} onChange={set('difficulty')} placeholder="All difficulties" options={options(PRACTICE_DIFFICULTIES, DIFFICULTY_LABELS)} />
      <SelectField label="Status" value={query.status ?? ''} onChange={set('status')} placeholder="Any status" options={options(PRACTICE_STATUSES, STATUS_LABELS)} />
      <SelectField label="Sort" value={query.sort ?? ''} onChange={set('sort')} placeholder="Course order" options={options(PRACTICE_SORTS, SORT_LABELS)} />
      <div className="practice-filters__search">
        <label htmlFor="practice-q">Search tasks and projects</label>
        <div className="practice-filters__search-row">
          <input id="practice-q" className="dbl-field__control" type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </div>
      {filtered ? (
        <Button
          type="button"
          variant="secondary"
          className="practice-filters__clear"
          onClick={() => {
            setQ('');
            onChange({ topic: null, course: null, kind: null, difficulty: null, status: null, sort: null, q: '', page: 1 });
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
