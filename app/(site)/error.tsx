"use client";

import { PageError } from "@/components/ui/page-error";

export default PageError;
