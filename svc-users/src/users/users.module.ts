import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StorageModule } from '@dblearn/nest-common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { DisplayNameBackfill } from './display-name-backfill.js';
import { DisplayNameClaim, DisplayNameClaimSchema } from './display-name-claim.schema.js';
import { DisplayNames } from './display-names.js';
import { EmailDirectory } from './email-directory.js';
import { ProfileCache } from './profile-cache.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { User, UserSchema } from './users.schema.js';

/** Progress writes to a user come from every instance and from the rebuild command: its store spans processes. */
const userStorage = StorageModule.forFeature([{ name: User.name, schema: UserSchema, lockScope: 'processes' }]);

@Module({
  imports: [userStorage, MongooseModule.forFeature([{ name: DisplayNameClaim.name, schema: DisplayNameClaimSchema }])],
  controllers: [UsersController],
  providers: [UsersService, PasswordHasher, ProfileCache, EmailDirectory, DisplayNames, DisplayNameBackfill],
  exports: [UsersService, PasswordHasher, ProfileCache, EmailDirectory, DisplayNames, userStorage],
})
export class UsersModule {}
