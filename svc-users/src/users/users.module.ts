import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordHasher } from '../auth/password-hasher.js';
import { ProfileCache } from './profile-cache.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { User, UserSchema } from './users.schema.js';

@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  controllers: [UsersController],
  providers: [UsersService, PasswordHasher, ProfileCache],
  exports: [UsersService, PasswordHasher, ProfileCache, MongooseModule],
})
export class UsersModule {}
