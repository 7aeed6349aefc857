import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@ledgerly/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfter } from '../../../lib/query-keys';

export interface InitializeCategoriesResponse {
  data: Category[];
  meta: { created: number };
  message: string;
}

/** POST /categories/initialize: creates the default categories the user lacks. */
export const initializeCategories = () =>
  apiRequest<InitializeCategoriesResponse>('/categories/initialize', {
    method: 'POST',
    fallback: 'Failed to initialize categories',
  });

export function useInitializeCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeCategories,
    onSuccess: () => invalidateAfter(queryClient, 'categoryAdded'),
  });
}
