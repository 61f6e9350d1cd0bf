import { Module } from '@nestjs/common';
import { FORWARDED_CONTROLLERS } from './forwarded-routes.controller.js';

/** The handlers of every route the gateway only forwards (ROUTE_SHAPES' `forward` entries, decision 0051). */
@Module({ controllers: [...FORWARDED_CONTROLLERS] })
export class ForwardingModule {}
