// Who may see an event (spec sections 4 and 6): a published event is public; an offline one (draft or taken
// offline) only by its organiser and by admins. The event page and the registration page both ask this.

export interface VisibleCourse {
  en_ligne: boolean | number | null;
  organisateur_id: string | null;
}

export interface Viewer {
  id: string;
  isAdmin?: boolean;
}

export function canViewCourse(course: VisibleCourse, viewer: Viewer | null): boolean {
  if (course.en_ligne) return true;
  if (!viewer) return false;
  return viewer.id === course.organisateur_id || viewer.isAdmin === true;
}
