/* Included by preprocess.c: the "" form finds it beside the includer. */
#pragma once
#define INCLUDED_VALUE 42
