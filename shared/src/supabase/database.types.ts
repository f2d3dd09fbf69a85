// Generated from supabase/migrations by `npm run db:types`; do not edit. A test checks it is current.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      custom_domains: {
        Row: {
          created_at: string;
          domain: string;
          id: string;
          owner_id: string;
          portfolio_id: string;
          token: string;
          verified_at: string | null;
        };
        Insert: {
          created_at?: string;
          domain: string;
          id?: string;
          owner_id?: string;
          portfolio_id: string;
          token?: string;
          verified_at?: string | null;
        };
        Update: {
          created_at?: string;
          domain?: string;
          id?: string;
          owner_id?: string;
          portfolio_id?: string;
          token?: string;
          verified_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'custom_domains_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
      mfa_failed_verification_attempts: {
        Row: {
          factor_id: string;
          failed_at: string;
          user_id: string;
        };
        Insert: {
          factor_id: string;
          failed_at?: string;
          user_id: string;
        };
        Update: {
          factor_id?: string;
          failed_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      mfa_recovery_attempts: {
        Row: {
          attempted_at: string;
          user_id: string;
        };
        Insert: {
          attempted_at?: string;
          user_id: string;
        };
        Update: {
          attempted_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      mfa_recovery_codes: {
        Row: {
          code_hash: string;
          created_at: string;
          id: string;
          user_id: string;
        };
        Insert: {
          code_hash: string;
          created_at?: string;
          id?: string;
          user_id: string;
        };
        Update: {
          code_hash?: string;
          created_at?: string;
          id?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      portfolios: {
        Row: {
          created_at: string;
          data: Json;
          id: string;
          look: Json;
          owner_id: string;
          published: boolean;
          slug: string | null;
          template_id: string;
          title: string | null;
          updated_at: string;
          version: number;
        };
        Insert: {
          created_at?: string;
          data?: Json;
          id?: string;
          look?: Json;
          owner_id?: string;
          published?: boolean;
          slug?: string | null;
          template_id: string;
          title?: string | null;
          updated_at?: string;
          version?: number;
        };
        Update: {
          created_at?: string;
          data?: Json;
          id?: string;
          look?: Json;
          owner_id?: string;
          published?: boolean;
          slug?: string | null;
          template_id?: string;
          title?: string | null;
          updated_at?: string;
          version?: number;
        };
        Relationships: [];
      };
      profiles: {
        Row: {
          created_at: string;
          id: string;
          name: string | null;
          username: string | null;
        };
        Insert: {
          created_at?: string;
          id: string;
          name?: string | null;
          username?: string | null;
        };
        Update: {
          created_at?: string;
          id?: string;
          name?: string | null;
          username?: string | null;
        };
        Relationships: [];
      };
      purchases: {
        Row: {
          amount: number;
          created_at: string;
          currency: string;
          expires_at: string | null;
          id: string;
          item_id: string;
          item_type: string;
          order_id: string;
          paid_at: string | null;
          payment_id: string | null;
          status: string;
          user_id: string;
        };
        Insert: {
          amount: number;
          created_at?: string;
          currency?: string;
          expires_at?: string | null;
          id?: string;
          item_id: string;
          item_type: string;
          order_id: string;
          paid_at?: string | null;
          payment_id?: string | null;
          status?: string;
          user_id: string;
        };
        Update: {
          amount?: number;
          created_at?: string;
          currency?: string;
          expires_at?: string | null;
          id?: string;
          item_id?: string;
          item_type?: string;
          order_id?: string;
          paid_at?: string | null;
          payment_id?: string | null;
          status?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      reserved_slugs: {
        Row: {
          slug: string;
        };
        Insert: {
          slug: string;
        };
        Update: {
          slug?: string;
        };
        Relationships: [];
      };
      subscribers: {
        Row: {
          created_at: string;
          email: string;
          id: string;
          name: string | null;
          portfolio_id: string;
        };
        Insert: {
          created_at?: string;
          email: string;
          id?: string;
          name?: string | null;
          portfolio_id: string;
        };
        Update: {
          created_at?: string;
          email?: string;
          id?: string;
          name?: string | null;
          portfolio_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'subscribers_portfolio_id_fkey';
            columns: ['portfolio_id'];
            isOneToOne: false;
            referencedRelation: 'portfolios';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      entitlements: {
        Row: {
          brand_kit: boolean | null;
          customized_look: boolean | null;
          plan: string | null;
          plan_expires_at: string | null;
          priority_care: boolean | null;
          remove_branding: boolean | null;
          storage_quota_bytes: number | null;
          templates: string[] | null;
          user_id: string | null;
        };
        Relationships: [];
      };
      storage_usage: {
        Row: {
          bytes: number | null;
          files: number | null;
          user_id: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      active_plan: {
        Args: {
          for_user: string;
        };
        Returns: string;
      };
      collects_subscribers: {
        Args: {
          portfolio: string;
        };
        Returns: boolean;
      };
      create_mfa_recovery_codes: {
        Args: {
          [_ in never]: never;
        };
        Returns: string[];
      };
      current_plan: {
        Args: {
          [_ in never]: never;
        };
        Returns: string;
      };
      discard_mfa_recovery_codes: {
        Args: {
          [_ in never]: never;
        };
        Returns: undefined;
      };
      hook_mfa_verification_attempt: {
        Args: {
          event: Json;
        };
        Returns: Json;
      };
      may_publish: {
        Args: {
          for_user: string;
          template: string;
        };
        Returns: boolean;
      };
      mfa_recovery_code_hash: {
        Args: {
          for_user: string;
          code: string;
        };
        Returns: string;
      };
      mfa_recovery_codes_left: {
        Args: {
          [_ in never]: never;
        };
        Returns: number;
      };
      mfa_satisfied: {
        Args: {
          [_ in never]: never;
        };
        Returns: boolean;
      };
      plan_customizes_look: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_includes_brand_kit: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_includes_priority_care: {
        Args: {
          plan: string;
        };
        Returns: boolean;
      };
      plan_storage_bytes: {
        Args: {
          plan: string;
        };
        Returns: number;
      };
      redeem_mfa_recovery_code: {
        Args: {
          code: string;
        };
        Returns: string;
      };
      save_portfolio: {
        Args: {
          portfolio_id: string;
          expected_version: number;
          new_data: Json;
        };
        Returns: Database['public']['Tables']['portfolios']['Row'][];
      };
      slug_available: {
        Args: {
          candidate: string;
          for_portfolio?: string;
        };
        Returns: boolean;
      };
      username_available: {
        Args: {
          candidate: string;
        };
        Returns: boolean;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};
