import { KeyedLock, OutboxRelay } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { Question } from './questions.schema.js';

/**
 * One write at a time per question in this instance. FerretDB 1.x applies an update by reading the
 * whole document and writing it back, so two updates of one document at the same moment can lose
 * one of them. Every read-check-write of a question runs under this lock, the kit's inline publish
 * (which clears the event from the document) included, and so does the relay's background clear.
 */
@Injectable()
export class QuestionWriteLock extends KeyedLock {
  constructor(relay: OutboxRelay) {
    super();
    relay.lockDocumentsWith(Question.name, (id, task) => this.run(id, task));
  }
}
