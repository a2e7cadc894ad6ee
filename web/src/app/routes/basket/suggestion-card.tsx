import { ProductCard } from '@/features/catalog/components/product-card';
import type { ListingItem } from '@/types/api';

/** Suggestions show as the catalog's cards; packages go straight into the basket from them. */
export const renderSuggestionCard = (item: ListingItem) => <ProductCard item={item} headingLevel="h3" addPackages />;
