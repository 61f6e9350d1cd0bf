import { type Course, type Difficulty, type Topic, type UserProfile } from '@dblearn/contracts';
import { jsonResponse, LEARNER, stubFetch, type StubbedFetch } from '@dblearn/web/testing';

export interface CourseShape {
  topic?: Topic;
  tutorials?: number;
  projects?: number;
  difficulty?: Difficulty;
}

/** Courses c1, c2... with tutorials c1-t1... and projects c1-p1... (every project of `difficulty`). */
export function makeCourses(shapes: readonly CourseShape[]): Course[] {
  return shapes.map(({ topic = 'sql', tutorials = 3, projects = 2, difficulty = 'intermediate' }, index) => {
    const id = `c${index + 1}`;
    return {
      _id: id,
      topic,
      name: `Course ${index + 1}`,
      teacher: 'Edgar Codd',
      length: '3 hours',
      tutorials: Array.from({ length: tutorials }, (_, t) => ({ _id: `${id}-t${t + 1}`, title: `Tutorial ${t + 1}` })),
      projects: Array.from({ length: projects }, (_, p) => ({ _id: `${id}-p${p + 1}`, title: `Project ${p + 1}`, difficulty })),
    };
  });
}

export function makeProfile(progress: Partial<Pick<UserProfile, 'savedQuestion' | 'finishedProject' | 'readTutorial' | 'skill'>> = {}): UserProfile {
  return { ...LEARNER, savedQuestion: [], finishedProject: [], readTutorial: [], ...progress };
}

export interface FakeGateway extends StubbedFetch {
  /** "METHOD /path?query" of every /api call, in order. */
  calls: string[];
}

/** GET /users/me and GET /course (paged, X-Total-Count) as CONTRACT describes them. */
export function fakeGateway(courses: readonly Course[], profile: UserProfile = makeProfile(), failing = false): FakeGateway {
  const calls: string[] = [];
  const stub = stubFetch((request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (failing) return jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Down.' }, 503);
    if (url.pathname === '/api/users/me') return jsonResponse(profile);
    if (url.pathname === '/api/course') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      return jsonResponse(courses.slice((page - 1) * size, page * size), 200, { 'x-total-count': String(courses.length) });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Nothing here.' }, 404);
  });
  return { ...stub, calls };
}
