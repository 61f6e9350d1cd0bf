import { Module } from '@nestjs/common';
import { QnaController } from './qna.controller.js';

/** /api/qna: the Q&A forum, served by svc-community. */
@Module({ controllers: [QnaController] })
export class QnaModule {}
