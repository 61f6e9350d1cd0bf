import { CHECK_NOT_FOUND_MESSAGE, type ListPage, PRACTICE_STATUS_UNAVAILABLE_MESSAGE, type PracticeExercise, type PracticeNext, type PracticeSolved } from '@dblearn/contracts';
import type { PracticeListRequestDto, PracticeNextRequestDto, PracticeSolvedRequestDto } from '@dblearn/contracts/dto';
import { notFound, rpcError } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { PracticeCatalogue } from './practice-catalogue.js';
import { PracticeLearners } from './practice-learners.js';
import { nextExercise, practicePage, type PracticeView, solvedCells } from './practice-list.js';
import { statusOf } from './practice-status.js';

/** GET /practice and /practice/next (issue 34): the catalogue and counts from memory, the caller's statuses from one read by `_id`. */
@Injectable()
export class PracticeService {
  constructor(
    private readonly catalogue: PracticeCatalogue,
    private readonly learners: PracticeLearners,
  ) {}

  async list({ userId, ...query }: PracticeListRequestDto): Promise<ListPage<PracticeExercise>> {
    return practicePage(this.catalogue.exercises(), query, await this.view(userId));
  }

  async next({ userId, after }: PracticeNextRequestDto): Promise<PracticeNext> {
    const exercises = this.catalogue.exercises();
    if (!exercises.some((exercise) => exercise.checkId === after)) throw notFound(CHECK_NOT_FOUND_MESSAGE);
    return { next: nextExercise(exercises, after, await this.view(userId)) };
  }

  /** The dashboard's solved counts: without the learner's status there is nothing to count (503). */
  async solved({ userId }: PracticeSolvedRequestDto): Promise<PracticeSolved> {
    const checks = await this.learners.checksOf(userId);
    if (!checks) throw rpcError(503, PRACTICE_STATUS_UNAVAILABLE_MESSAGE);
    return { cells: solvedCells(this.catalogue.exercises(), { statusOf: (checkId) => statusOf(checks[checkId]) }) };
  }

  private async view(userId: string): Promise<PracticeView> {
    const checks = await this.learners.checksOf(userId);
    return {
      statusOf: (checkId) => (checks ? statusOf(checks[checkId]) : 'unknown'),
      countsOf: (checkId) => this.catalogue.countsOf(checkId),
    };
  }
}
