// The training plan's errors (issue 47, decision 0227): one code per refusal, its HTTP status, its French message and
// the form field it goes beside. The plan's rules (app/domain/training-plan.ts) and its use cases throw them.
import { DomainError } from "./errors";

export type TrainingPlanErrorCode =
  | "course_passee"
  | "course_trop_proche"
  | "volume_nul"
  | "sortie_longue_nulle"
  | "sortie_longue_trop_longue"
  | "distance_nulle"
  | "aucun_jour"
  | "trop_de_jours"
  | "jour_sortie_longue"
  | "course_introuvable"
  | "plan_introuvable"
  | "seance_introuvable";

const MESSAGES: Record<TrainingPlanErrorCode, { status: number; message: string; field?: string }> = {
  course_passee: { status: 400, field: "dateCourse", message: "La date de la course est passée." },
  course_trop_proche: {
    status: 400,
    field: "dateCourse",
    message:
      "La course a lieu dans moins de 3 semaines\u00a0: c'est trop tôt pour un plan, reposez-vous et courez léger.",
  },
  volume_nul: {
    status: 400,
    field: "volumeKm",
    message: "Indiquez les kilomètres que vous courez aujourd'hui chaque semaine (au moins 5\u00a0km).",
  },
  sortie_longue_nulle: {
    status: 400,
    field: "sortieLongue",
    message: "Indiquez votre sortie longue actuelle, en km (« 15 ») ou en durée (« 1 h 30 »).",
  },
  sortie_longue_trop_longue: {
    status: 400,
    field: "sortieLongue",
    message: "La sortie longue ne peut pas dépasser le volume de la semaine.",
  },
  distance_nulle: { status: 400, field: "distanceKm", message: "Indiquez la distance de la course (en km)." },
  aucun_jour: { status: 400, field: "jours", message: "Choisissez au moins deux jours d'entraînement par semaine." },
  trop_de_jours: {
    status: 400,
    field: "jours",
    message: "Gardez au moins un jour de repos par semaine (six jours d'entraînement au plus).",
  },
  jour_sortie_longue: {
    status: 400,
    field: "jourSortieLongue",
    message: "Le jour de la sortie longue doit être l'un de vos jours d'entraînement.",
  },
  course_introuvable: {
    status: 400,
    field: "formatId",
    message: "Choisissez l'une de vos inscriptions à venir, ou saisissez la course.",
  },
  plan_introuvable: { status: 404, message: "Vous n'avez pas encore de plan d'entraînement." },
  seance_introuvable: { status: 404, message: "Séance introuvable." },
};

export class TrainingPlanError extends DomainError<TrainingPlanErrorCode> {
  constructor(code: TrainingPlanErrorCode) {
    const m = MESSAGES[code];
    super(code, m.status, m.message, m.field);
    this.name = "TrainingPlanError";
  }
}
