import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'dblearn:public';

/** Lets a call through without a token (CONTRACT: POST /users, POST /auth, GET /health, GET /docs). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
