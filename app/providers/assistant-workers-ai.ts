// The @IA assistant on Workers AI, used when the Worker has an `AI` binding (not configured by default).
import { answerFromFacts, factsAsText, type Assistant } from "./assistant";

/** The part of the Workers AI binding we use. */
export interface WorkersAiBinding {
  run(
    model: string,
    input: { messages: { role: "system" | "user"; content: string }[]; max_tokens?: number },
  ): Promise<unknown>;
}

export const WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

const SYSTEM = [
  "Tu es l'assistant d'une page d'épreuve sportive (trail, randonnée, course sur route) sur Balise.",
  "Réponds en français, en tutoyant, en trois phrases au plus.",
  "N'utilise que les informations ci-dessous. Si la réponse n'y figure pas, dis clairement que tu ne sais pas et invite à demander à l'organisateur.",
].join(" ");

/** The binding `AI` of the Worker's bindings, when there is one. */
export function workersAiOf(bindings: unknown): WorkersAiBinding | null {
  const ai = (bindings as { AI?: unknown } | null)?.AI;
  return ai && typeof (ai as WorkersAiBinding).run === "function" ? (ai as WorkersAiBinding) : null;
}

/** One answer of the model to a system prompt and a message: its text, at most `maxChars`; an empty one throws. */
export async function askWorkersAi(
  ai: WorkersAiBinding,
  model: string,
  q: { system: string; user: string; maxTokens: number; maxChars: number },
): Promise<string> {
  const out = await ai.run(model, {
    max_tokens: q.maxTokens,
    messages: [
      { role: "system", content: q.system },
      { role: "user", content: q.user },
    ],
  });
  const text =
    typeof out === "object" && out && "response" in out
      ? String((out as { response: unknown }).response ?? "").trim()
      : "";
  if (!text) throw new Error("Workers AI: réponse vide");
  return text.slice(0, q.maxChars);
}

export function createWorkersAiAssistant(ai: WorkersAiBinding, model = WORKERS_AI_MODEL): Assistant {
  return {
    name: "workers-ai",
    answer: async (q) =>
      askWorkersAi(ai, model, {
        system: `${SYSTEM}\n\n${factsAsText(q.facts)}`,
        user: q.prompt || "Que peux-tu me dire sur cette épreuve ?",
        maxTokens: 300,
        maxChars: 1000,
      }),
  };
}

/** Workers AI when the bindings have an `AI` binding, else the local assistant. */
export function pickAssistant(bindings: unknown): Assistant {
  const ai = workersAiOf(bindings);
  if (ai) return createWorkersAiAssistant(ai);
  return { name: "local", answer: async (q) => answerFromFacts(q) };
}
