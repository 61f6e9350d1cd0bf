import { Module } from '@nestjs/common';
import { PracticeDatabase } from './practice-database.js';
import { QnaController } from './qna.controller.js';

/** /api/qna: the Q&A forum, served by svc-community. */
@Module({ controllers: [QnaController], providers: [PracticeDatabase] })
export class QnaModule {}
