/** A learner's skill (SPEC §3, register form radio). */
export const SKILLS = ['beginner', 'intermediate', 'professional'] as const;
export type Skill = (typeof SKILLS)[number];

/** A project's difficulty uses the same three levels. */
export const DIFFICULTIES = SKILLS;
export type Difficulty = Skill;

export const LEVEL_LABELS: Record<Skill, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  professional: 'Professional',
};
