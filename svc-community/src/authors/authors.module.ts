import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthorEvents } from './author-events.js';
import { AuthorNames } from './author-names.js';
import { Author, AuthorSchema } from './author.schema.js';

@Module({
  imports: [MongooseModule.forFeature([{ name: Author.name, schema: AuthorSchema }])],
  providers: [AuthorNames, AuthorEvents],
  exports: [AuthorNames],
})
export class AuthorsModule {}
