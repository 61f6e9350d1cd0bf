import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordHasher } from '../auth/password-hasher.js';
import { EmailDirectory } from './email-directory.js';
import { ProfileCache } from './profile-cache.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { User, UserSchema } from './users.schema.js';

@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  controllers: [UsersController],
  providers: [UsersService, PasswordHasher, ProfileCache, EmailDirectory],
  exports: [UsersService, PasswordHasher, ProfileCache, EmailDirectory, MongooseModule],
})
export class UsersModule {}
