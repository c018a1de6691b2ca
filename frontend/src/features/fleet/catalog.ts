/** Texts, paths and sizes of the brand and model screens (spec 2 "Brands and models"). */
export const CATALOG_PAGE_SIZE = 8;
/** The input stops at 50 characters; the server accepts up to 80 (spec 2 section 5). */
export const CATALOG_NAME_INPUT = 50;

export const catalogPaths = {
  brands: '/marcas',
  brandNew: '/marca/novo',
  brandEdit: (id: number) => `/marca/${id}`,
  models: '/modelos',
  modelNew: '/modelo/novo',
  modelEdit: (id: number) => `/modelo/${id}`,
} as const;

export const catalogMsg = {
  brandsTitle: 'Gerenciar Marcas',
  modelsTitle: 'Gerenciar Modelos',
  brandSearch: 'Buscar Marca',
  modelSearch: 'Buscar Modelo',
  create: 'Cadastrar',
  name: 'Nome',
  brand: 'Marca',
  brandNewTitle: 'Cadastrar Marca',
  brandEditTitle: 'Editar Marca',
  modelNewTitle: 'Cadastrar Modelo',
  modelEditTitle: 'Editar Modelo',
  nameRequired: 'Nome é obrigatório!',
  brandRequired: 'Marca é obrigatório!',
  chooseBrand: 'Selecione a marca',
} as const;
