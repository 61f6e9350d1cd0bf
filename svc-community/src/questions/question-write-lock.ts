import { KeyedLock } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';

/**
 * One write at a time per question in this instance. FerretDB 1.x applies an update by reading the
 * whole document and writing it back, so two updates of one document at the same moment can lose
 * one of them (seen here: the relay's `$pullAll` of a published event undid a concurrent edit).
 * Every read-check-write of a question (the service's and the relay's) runs under this lock.
 */
@Injectable()
export class QuestionWriteLock extends KeyedLock {}
