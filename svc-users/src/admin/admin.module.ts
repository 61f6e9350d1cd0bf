import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AdminBootstrap } from './admin-bootstrap.service.js';

@Module({
  imports: [UsersModule],
  providers: [AdminBootstrap],
})
export class AdminModule {}
