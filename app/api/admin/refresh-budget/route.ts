import { RefreshBudget } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { RefreshBudgetBody } from "@/lib/api/schemas/jobs";
import { budgetState, setRefreshBudget } from "@/lib/services/portfolio/monitoring";

export const GET = route(
  {
    roles: ["admin"],
    summary: "The month's budget of scheduled client refreshes and what it spent",
    responses: { 200: RefreshBudget },
  },
  async () => Response.json(await budgetState()),
);

export const PUT = route(
  {
    roles: ["admin"],
    body: RefreshBudgetBody,
    summary: "Set the monthly budget of scheduled client refreshes",
    responses: { 200: RefreshBudget },
  },
  async ({ body }) => {
    await setRefreshBudget(body.monthlyBudget);
    return Response.json(await budgetState());
  },
);
