export type { Course, Tutorial, Project, ContentBlock, ListPage, UserProfile as Progress } from '@dblearn/contracts';
