import { Module } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { EmailDirectory } from './email-directory.js';
import { ProfileCache } from './profile-cache.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { User, UserSchema } from './users.schema.js';

/** Progress writes to a user come from every instance and from the rebuild command: its store spans processes. */
const userStorage = StorageModule.forFeature([{ name: User.name, schema: UserSchema, lockScope: 'processes' }]);

@Module({
  imports: [userStorage],
  controllers: [UsersController],
  providers: [UsersService, PasswordHasher, ProfileCache, EmailDirectory],
  exports: [UsersService, PasswordHasher, ProfileCache, EmailDirectory, userStorage],
})
export class UsersModule {}
